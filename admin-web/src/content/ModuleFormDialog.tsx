import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorText } from '../data/http';
import type { UploadProgress } from '../data/upload';
import { contentApi } from './contentApi';
import { UploadProgressBar } from './UploadProgressBar';
import type { Module } from './types';

/** Spec 9: modal auto-close after success. */
export const AUTO_CLOSE_MS = 2000;

const TEXT_FIELDS = ['title', 'title_fr', 'title_de', 'title_lb', 'description', 'description_fr', 'description_de', 'description_lb'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { order: string; is_active: boolean };

const emptyValues = (): Values => ({
  title: '',
  title_fr: '',
  title_de: '',
  title_lb: '',
  description: '',
  description_fr: '',
  description_de: '',
  description_lb: '',
  order: '',
  is_active: true,
});

/** Spec 5 Module form: optional texts only when non-empty; order only when set; the image rules of spec 4. */
export function moduleFormData(values: Values, image: File | null, removeImage: boolean, editing: boolean): FormData {
  const form = new FormData();
  for (const key of TEXT_FIELDS) if (values[key].trim()) form.append(key, values[key].trim());
  if (values.order.trim()) form.append('order', values.order.trim());
  form.append('is_active', String(values.is_active));
  if (editing && !image) form.append('keep_existing_image', String(!removeImage));
  if (image) form.append('image', image);
  return form;
}

/** Spec 2/4/5: create or edit a module — four titles and descriptions, order, image with preview, active. */
export function ModuleFormDialog({
  open,
  module,
  onClose,
  onSaved,
}: {
  open: boolean;
  module: Module | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState<Values>(emptyValues);
  const [touched, setTouched] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const editing = module !== null;

  // Spec 4: module modals reset on open; in edit mode they prefill.
  useEffect(() => {
    if (!open) return;
    const base = emptyValues();
    if (module) {
      for (const key of TEXT_FIELDS) base[key] = module[key] ?? '';
      base.order = String(module.order);
      base.is_active = module.is_active;
    }
    setValues(base);
    setTouched(false);
    setImage(null);
    setRemoveImage(false);
    setSubmitting(false);
    setProgress(null);
    setError(null);
    setSuccess(null);
  }, [open, module]);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  useEffect(() => {
    if (!success) return undefined;
    const handle = window.setTimeout(onClose, AUTO_CLOSE_MS);
    return () => window.clearTimeout(handle);
  }, [success, onClose]);

  const titleMissing = !values.title.trim();
  const orderInvalid = values.order.trim() !== '' && !(Number.isInteger(Number(values.order)) && Number(values.order) >= 1);
  const invalid = titleMissing || orderInvalid;
  const existingImage = editing && module?.image_path && !removeImage && !image ? (module.image_url ?? `/api/v1/content/${module.image_path}`) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const saved = await contentApi.saveModule(module?.id ?? null, moduleFormData(values, image, removeImage, editing), setProgress);
      const message = translate(editing ? 'app.module_form.updated' : 'app.module_form.created', { title: saved?.title ?? values.title });
      setSuccess(message);
      onSaved(message);
    } catch (e) {
      setError(errorText(e, translate(editing ? 'app.module_form.update_error' : 'app.module_form.create_error')));
      setProgress(null);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: TextField, required = false, multiline = false) => (
    <TextField
      id={`module-${key}`}
      name={key}
      label={translate(`app.module_form.${key}`)}
      value={values[key]}
      required={required}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      onBlur={() => key === 'title' && setTouched(true)}
      error={required && touched && titleMissing}
      helperText={required && touched && titleMissing ? translate('app.module_form.title_required') : undefined}
      slotProps={{ htmlInput: { maxLength: multiline ? 5000 : 200 } }}
    />
  );

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} aria-labelledby="module-form-title" maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="module-form-title" component="h2">
          {translate(editing ? 'app.module_form.edit_title' : 'app.module_form.create_title')}
        </DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {success ? (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {success}
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            <Grid size={{ xs: 12, md: 6 }}>{field('title', true)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('title_fr')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('title_de')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('title_lb')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('description', false, true)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('description_fr', false, true)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('description_de', false, true)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('description_lb', false, true)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                id="module-order"
                name="order"
                type="number"
                label={translate('app.module_form.order')}
                value={values.order}
                fullWidth
                onChange={(e) => setValues((v) => ({ ...v, order: e.target.value }))}
                error={orderInvalid}
                helperText={orderInvalid ? translate('app.module_form.order_invalid') : translate('app.module_form.order_help')}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormControlLabel
                control={<Checkbox checked={values.is_active} onChange={(e) => setValues((v) => ({ ...v, is_active: e.target.checked }))} />}
                label={translate('app.module_form.is_active')}
              />
            </Grid>
            <Grid size={12}>
              <Typography component="p" id="module-image-label" sx={{ fontWeight: 600 }}>
                {translate('app.module_form.image')}
              </Typography>
              <Typography component="p" id="module-image-help" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {translate('app.module_form.image_help')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button variant="outlined" component="label">
                  {translate('app.module_form.choose_image')}
                  <input
                    ref={fileInput}
                    type="file"
                    accept="image/*"
                    hidden
                    aria-describedby="module-image-help"
                    data-testid="module-image-input"
                    onChange={(e) => {
                      const file = e.target.files?.[0] ?? null;
                      setImage(file);
                      if (file) setRemoveImage(false);
                    }}
                  />
                </Button>
                {image ? <span>{image.name}</span> : null}
                {preview || existingImage ? (
                  <>
                    <Box component="img" src={preview ?? existingImage ?? ''} alt={translate('app.module_form.image_preview')} sx={{ width: 100, height: 100, objectFit: 'cover', borderRadius: 1, border: '1px solid #c4c4c4' }} />
                    <Button
                      variant="outlined"
                      color="error"
                      onClick={() => {
                        setImage(null);
                        setRemoveImage(true);
                        if (fileInput.current) fileInput.current.value = '';
                      }}
                    >
                      {translate('app.module_form.remove_image')}
                    </Button>
                  </>
                ) : null}
              </Box>
            </Grid>
          </Grid>
          <UploadProgressBar progress={submitting ? progress : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || (touched && invalid)}>
            {submitting ? translate('app.common.saving') : translate(editing ? 'ra.action.save' : 'ra.action.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
