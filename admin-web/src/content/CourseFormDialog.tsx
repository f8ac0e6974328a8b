import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { errorText } from '../data/http';
import type { UploadProgress } from '../data/upload';
import { isLanguage } from '../i18n/language';
import { contentApi } from './contentApi';
import { applyCourseChange, courseCreateForm, courseUpdateBody, defaultCourseValues, validateCourse, type CourseFormValues } from './courseForm';
import { AUTO_CLOSE_MS } from './ModuleFormDialog';
import { moduleTitle, titleFromFileName } from './naming';
import { UploadProgressBar } from './UploadProgressBar';
import { CONTENT_TYPES, COURSE_LANGUAGES, type Course, type Module } from './types';

const FALLBACK_VERSIONS = ['1.2', '2004 3rd Edition', '2004 4th Edition', '2004'];

/** Spec 2/4/5 Course form modal: create (with a ZIP package) or edit a course. */
export function CourseFormDialog({
  open,
  course,
  modules,
  onClose,
  onSaved,
}: {
  open: boolean;
  course: Course | null;
  modules: Module[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const creating = course === null;
  const [values, setValues] = useState<CourseFormValues>(() => defaultCourseValues(null));
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState<Partial<Record<keyof CourseFormValues | 'package', boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const versions = useQuery({ queryKey: ['scorm-versions'], queryFn: contentApi.scormVersions, enabled: open, staleTime: Infinity, retry: false });
  const originals = useQuery({ queryKey: ['original-courses'], queryFn: contentApi.originalCourses, enabled: open, retry: false });

  useEffect(() => {
    if (!open) return;
    setValues(defaultCourseValues(course));
    setFile(null);
    setTouched({});
    setSubmitting(false);
    setProgress(null);
    setError(null);
    setSuccess(null);
  }, [open, course]);

  useEffect(() => {
    if (!success) return undefined;
    const handle = window.setTimeout(onClose, AUTO_CLOSE_MS);
    return () => window.clearTimeout(handle);
  }, [success, onClose]);

  const errors = validateCourse(values, file !== null, creating);
  const invalid = Object.keys(errors).length > 0;
  const change = (patch: Partial<CourseFormValues>) => setValues((v) => applyCourseChange(v, patch));
  const fieldError = (key: keyof CourseFormValues | 'package') => (touched[key] && errors[key] ? translate(errors[key]) : undefined);
  const scorm = values.content_type === 'scorm';
  const versionOptions = [
    { value: 'auto', label: translate('app.course_form.version_auto') },
    ...(versions.data && versions.data.length ? versions.data : FALLBACK_VERSIONS.map((v) => ({ value: v, label: v }))),
  ];
  if (values.version && !versionOptions.some((o) => o.value === values.version)) versionOptions.push({ value: values.version, label: values.version });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec 5: an invalid submit marks every field touched.
    setTouched(Object.fromEntries([...Object.keys(values), 'package'].map((k) => [k, true])));
    if (invalid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      let message: string;
      if (course) {
        const saved = await contentApi.updateCourse(course.id, courseUpdateBody(values));
        message = translate('app.course_form.updated', { title: saved?.title ?? values.title });
      } else if (file) {
        const saved = await contentApi.createCourse(courseCreateForm(values, file), setProgress);
        message = translate('app.course_form.created', { title: saved?.title ?? values.title });
        if (saved?.settings?.webp_converted) message += translate('app.package.webp_suffix');
      } else return;
      setSuccess(message);
      onSaved(message);
    } catch (e) {
      setError(errorText(e, translate(creating ? 'app.course_form.errors.upload_failed' : 'app.course_form.errors.update_failed')));
      setProgress(null);
    } finally {
      setSubmitting(false);
    }
  };

  const select = (key: keyof CourseFormValues, label: string, options: { value: string; label: string }[], extra: { disabled?: boolean; required?: boolean; helper?: ReactNode } = {}) => (
    <TextField
      select
      id={`course-${key}`}
      label={label}
      value={String(values[key])}
      fullWidth
      required={extra.required}
      disabled={extra.disabled}
      onChange={(e) => change({ [key]: e.target.value } as Partial<CourseFormValues>)}
      onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
      error={!!fieldError(key)}
      helperText={fieldError(key) ?? extra.helper}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );

  const number = (key: keyof CourseFormValues, label: string, min: number, max?: number, extra: { disabled?: boolean; helper?: string; required?: boolean } = {}) => (
    <TextField
      id={`course-${key}`}
      type="number"
      label={label}
      value={String(values[key])}
      fullWidth
      required={extra.required}
      disabled={extra.disabled}
      onChange={(e) => change({ [key]: e.target.value } as Partial<CourseFormValues>)}
      onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
      error={!!fieldError(key)}
      helperText={fieldError(key) ?? extra.helper}
      slotProps={{ htmlInput: { min, max, step: 1 } }}
    />
  );

  const checkbox = (key: keyof CourseFormValues, label: string) => (
    <FormControlLabel control={<Checkbox checked={Boolean(values[key])} onChange={(e) => change({ [key]: e.target.checked } as Partial<CourseFormValues>)} />} label={label} />
  );

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} aria-labelledby="course-form-title" maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="course-form-title" component="h2">
          {translate(creating ? 'app.course_form.create_title' : 'app.course_form.edit_title')}
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
            {creating ? (
              <Grid size={12}>
                <Typography component="p" sx={{ fontWeight: 600 }} id="course-package-label">
                  {translate('app.course_form.package')}
                </Typography>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button variant="outlined" component="label" aria-describedby="course-package-status">
                    {translate('app.course_form.choose_package')}
                    <input
                      type="file"
                      accept=".zip,application/zip"
                      hidden
                      data-testid="course-package-input"
                      onChange={(e) => {
                        const picked = e.target.files?.[0] ?? null;
                        setFile(picked);
                        setTouched((t) => ({ ...t, package: true }));
                        // Spec 4: an empty title is filled from the file name.
                        if (picked && !values.title.trim()) change({ title: titleFromFileName(picked.name) });
                      }}
                    />
                  </Button>
                  <span id="course-package-status" role={fieldError('package') ? 'alert' : undefined} style={{ color: fieldError('package') ? '#b3261e' : undefined }}>
                    {file ? file.name : (fieldError('package') ?? translate('app.course_form.no_file'))}
                  </span>
                </Box>
              </Grid>
            ) : null}
            <Grid size={12}>
              <TextField
                id="course-title"
                label={translate('app.course_form.title')}
                value={values.title}
                required
                fullWidth
                onChange={(e) => change({ title: e.target.value })}
                onBlur={() => setTouched((t) => ({ ...t, title: true }))}
                error={!!fieldError('title')}
                helperText={fieldError('title')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                id="course-description"
                label={translate('app.course_form.description')}
                value={values.description}
                multiline
                minRows={2}
                fullWidth
                onChange={(e) => change({ description: e.target.value })}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'content_type',
                translate('app.course_form.content_type'),
                CONTENT_TYPES.map((t) => ({ value: t, label: t.toUpperCase() })),
                { required: true },
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select('version', translate('app.course_form.version'), versionOptions, { disabled: creating && values.autoDetect, required: true })}
              {creating ? checkbox('autoDetect', translate('app.course_form.auto_detect')) : null}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'language',
                translate('app.course_form.language'),
                COURSE_LANGUAGES.map((l) => ({ value: l, label: translate(`app.languages.${l}`) })),
                { required: true },
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {select('module_id', translate('app.course_form.module'), [
                { value: '', label: translate('app.course_form.no_module') },
                ...modules.map((m) => ({ value: String(m.id), label: moduleTitle(m, language) })),
              ])}
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>{number('chapter_count', translate('app.course_form.chapter_count'), 1)}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{number('level', translate('app.course_form.level'), 1)}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {number('min_score_required', translate('app.course_form.min_score'), 0, 100, { helper: translate('app.course_form.min_score_help') })}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {checkbox('is_active', translate('app.course_form.is_active'))}
              {checkbox('isTranslation', translate('app.course_form.is_translation'))}
            </Grid>
            {values.isTranslation ? (
              <Grid size={12}>
                {select(
                  'original_course_id',
                  translate('app.course_form.original'),
                  [
                    { value: '', label: translate('app.course_form.choose_original') },
                    ...(originals.data ?? [])
                      .filter((o) => o.id !== course?.id)
                      .map((o) => ({ value: String(o.id), label: `${o.title} (${o.language.toUpperCase()})` })),
                  ],
                  { required: true },
                )}
              </Grid>
            ) : null}
            {creating && scorm ? (
              <Grid size={12}>
                <Box component="fieldset" sx={{ border: '1px solid #9e9e9e', borderRadius: 1, p: 2 }}>
                  <legend>{translate('app.package.webp_legend')}</legend>
                  {checkbox('convert_to_webp', translate('app.package.convert_to_webp'))}
                  {values.convert_to_webp ? (
                    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
                      <Box sx={{ width: 200 }}>
                        {number('webp_quality', translate('app.package.webp_quality'), 1, 100, { disabled: values.webp_lossless })}
                      </Box>
                      {checkbox('webp_lossless', translate('app.package.webp_lossless'))}
                    </Box>
                  ) : null}
                </Box>
              </Grid>
            ) : null}
          </Grid>
          <UploadProgressBar progress={submitting ? progress : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || (creating && !file)}>
            {submitting ? translate(creating ? 'app.common.uploading' : 'app.common.saving') : translate(creating ? 'app.course_form.upload' : 'ra.action.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
