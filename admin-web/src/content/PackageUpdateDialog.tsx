import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorText } from '../data/http';
import type { UploadProgress } from '../data/upload';
import { contentApi } from './contentApi';
import { DEFAULT_WEBP_QUALITY } from './courseForm';
import { UploadProgressBar } from './UploadProgressBar';
import type { Course } from './types';

/** Multipart body of PUT /courses/id/{id}/package (spec 5: WebP only for scorm; quality and lossless only when on). */
export function packageForm(file: File, options: { resetProgress: boolean; scorm: boolean; webp: boolean; quality: string; lossless: boolean }): FormData {
  const form = new FormData();
  form.append('reset_progress', String(options.resetProgress));
  if (options.scorm) {
    form.append('convert_to_webp', String(options.webp));
    if (options.webp) {
      form.append('webp_quality', options.quality);
      form.append('webp_lossless', String(options.lossless));
    }
  }
  form.append('package', file);
  return form;
}

/** Spec 2/4/5 Package update modal. */
export function PackageUpdateDialog({ course, onClose, onSaved }: { course: Course | null; onClose: () => void; onSaved: (message: string) => void }) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [resetProgress, setResetProgress] = useState(false);
  const [webp, setWebp] = useState(false);
  const [quality, setQuality] = useState(String(DEFAULT_WEBP_QUALITY));
  const [lossless, setLossless] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Spec 4: opens with defaults — no progress reset, no WebP, quality 85, not lossless.
  useEffect(() => {
    if (!course) return;
    setFile(null);
    setResetProgress(false);
    setWebp(false);
    setQuality(String(DEFAULT_WEBP_QUALITY));
    setLossless(false);
    setSubmitting(false);
    setProgress(null);
    setError(null);
  }, [course]);

  const scorm = course?.content_type === 'scorm';
  const qualityInvalid = scorm && webp && !lossless && !(/^\d+$/.test(quality) && Number(quality) >= 1 && Number(quality) <= 100);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!course || !file || submitting || qualityInvalid) return;
    setSubmitting(true);
    setError(null);
    try {
      const saved = await contentApi.updatePackage(course.id, packageForm(file, { resetProgress, scorm, webp, quality, lossless }), setProgress);
      let message = translate('app.package.updated');
      if (resetProgress) message += translate('app.package.reset_suffix');
      if (scorm && webp && saved?.settings?.webp_converted !== false) message += translate('app.package.webp_suffix');
      onSaved(message);
      onClose();
    } catch (e) {
      setError(errorText(e, translate('app.package.error')));
      setProgress(null);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={course !== null} onClose={submitting ? undefined : onClose} aria-labelledby="package-title" aria-describedby="package-warning" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="package-title" component="h2">
          {translate('app.package.title', { title: course?.title ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning" id="package-warning" sx={{ mb: 2 }}>
            {translate('app.package.warning')}
          </Alert>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {translate('app.package.file')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" component="label" aria-describedby="package-file-status">
              {translate('app.course_form.choose_package')}
              <input type="file" accept=".zip,application/zip" hidden data-testid="package-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            <span id="package-file-status">{file ? file.name : translate('app.course_form.no_file')}</span>
          </Box>
          <FormControlLabel
            control={<Checkbox checked={resetProgress} onChange={(e) => setResetProgress(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'package-reset-note' } }} />}
            label={translate('app.package.reset_progress')}
          />
          <Typography id="package-reset-note" variant="body2" sx={{ color: '#7a1a14', mb: 2 }}>
            {translate('app.package.reset_note')}
          </Typography>
          {scorm ? (
            <Box component="fieldset" sx={{ border: '1px solid #9e9e9e', borderRadius: 1, p: 2 }}>
              <legend>{translate('app.package.webp_legend')}</legend>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={webp}
                    onChange={(e) => {
                      setWebp(e.target.checked);
                      if (!e.target.checked) {
                        setQuality(String(DEFAULT_WEBP_QUALITY));
                        setLossless(false);
                      }
                    }}
                  />
                }
                label={translate('app.package.convert_to_webp')}
              />
              {webp ? (
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
                  <TextField
                    id="package-webp-quality"
                    type="number"
                    label={translate('app.package.webp_quality')}
                    value={quality}
                    disabled={lossless}
                    onChange={(e) => setQuality(e.target.value)}
                    error={qualityInvalid}
                    helperText={qualityInvalid ? translate('app.course_form.errors.webp_quality') : undefined}
                    slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
                    sx={{ width: 200 }}
                  />
                  <FormControlLabel control={<Checkbox checked={lossless} onChange={(e) => setLossless(e.target.checked)} />} label={translate('app.package.webp_lossless')} />
                </Box>
              ) : null}
            </Box>
          ) : null}
          <UploadProgressBar progress={submitting ? progress : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || submitting || qualityInvalid}>
            {submitting ? translate('app.common.uploading') : translate('app.package.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
