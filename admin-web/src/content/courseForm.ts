import type { ContentType, Course, CourseUpdate } from './types';

/** Spec 3 Course form fields (autoDetect and isTranslation are form-only). */
export interface CourseFormValues {
  title: string;
  description: string;
  chapter_count: string;
  content_type: ContentType;
  version: string;
  autoDetect: boolean;
  language: string;
  module_id: string;
  level: string;
  min_score_required: string;
  isTranslation: boolean;
  original_course_id: string;
  is_active: boolean;
  convert_to_webp: boolean;
  webp_quality: string;
  webp_lossless: boolean;
}

export const DEFAULT_WEBP_QUALITY = 85; // spec 9

/** Spec 4 Course form defaults: content type scorm, version 1.2 (auto-detected on create), language en, active. */
export function defaultCourseValues(course: Course | null): CourseFormValues {
  if (!course)
    return {
      title: '',
      description: '',
      chapter_count: '1',
      content_type: 'scorm',
      version: 'auto',
      autoDetect: true,
      language: 'en',
      module_id: '',
      level: '1',
      min_score_required: '',
      isTranslation: false,
      original_course_id: '',
      is_active: true,
      convert_to_webp: false,
      webp_quality: String(DEFAULT_WEBP_QUALITY),
      webp_lossless: false,
    };
  return {
    title: course.title,
    description: course.description ?? '',
    chapter_count: String(course.chapter_count ?? 1),
    content_type: course.content_type,
    version: course.version ?? '1.2',
    autoDetect: false,
    language: course.language,
    module_id: course.module_id === null ? '' : String(course.module_id),
    level: String(course.level),
    min_score_required: course.min_score_required === null ? '' : String(course.min_score_required),
    isTranslation: course.original_course_id !== null,
    original_course_id: course.original_course_id === null ? '' : String(course.original_course_id),
    is_active: course.is_active,
    convert_to_webp: false,
    webp_quality: String(DEFAULT_WEBP_QUALITY),
    webp_lossless: false,
  };
}

const isWhole = (value: string, min: number, max = Number.MAX_SAFE_INTEGER) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

export type CourseFormErrors = Partial<Record<keyof CourseFormValues | 'package', string>>;

/** Spec 5 Course form rules; messages are catalogue keys. */
export function validateCourse(values: CourseFormValues, hasFile: boolean, creating: boolean): CourseFormErrors {
  const errors: CourseFormErrors = {};
  if (!values.title.trim()) errors.title = 'app.course_form.errors.title_required';
  if (!isWhole(values.chapter_count, 1)) errors.chapter_count = 'app.course_form.errors.chapter_count';
  if (!isWhole(values.level, 1)) errors.level = 'app.course_form.errors.level';
  if (values.min_score_required.trim() !== '') {
    const n = Number(values.min_score_required);
    if (!Number.isFinite(n) || n < 0 || n > 100) errors.min_score_required = 'app.course_form.errors.min_score';
  }
  if (!values.version.trim()) errors.version = 'app.course_form.errors.version';
  if (values.isTranslation && !values.original_course_id) errors.original_course_id = 'app.course_form.errors.original_required';
  if (values.content_type === 'scorm' && values.convert_to_webp && !values.webp_lossless && !isWhole(values.webp_quality, 1, 100))
    errors.webp_quality = 'app.course_form.errors.webp_quality';
  if (creating && !hasFile) errors.package = 'app.course_form.errors.package_required';
  return errors;
}

/** Spec 4: turning WebP off resets quality to 85 and lossless to false; turning translation off clears the original. */
export function applyCourseChange(values: CourseFormValues, change: Partial<CourseFormValues>): CourseFormValues {
  const next = { ...values, ...change };
  if (change.convert_to_webp === false) {
    next.webp_quality = String(DEFAULT_WEBP_QUALITY);
    next.webp_lossless = false;
  }
  if (change.isTranslation === false) next.original_course_id = '';
  if (change.autoDetect === true) next.version = 'auto';
  if (change.autoDetect === false && next.version === 'auto') next.version = '1.2';
  return next;
}

/** Multipart body of POST /api/v1/courses/ (spec 7); WebP options only for scorm (spec 5). */
export function courseCreateForm(values: CourseFormValues, file: File): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('content_type', values.content_type);
  form.append('version', values.autoDetect ? 'auto' : values.version);
  form.append('language', values.language);
  form.append('is_active', String(values.is_active));
  if (values.description.trim()) form.append('description', values.description.trim());
  form.append('level', values.level.trim());
  if (values.module_id) form.append('module_id', values.module_id);
  if (values.min_score_required.trim() !== '') form.append('min_score_required', values.min_score_required.trim());
  if (values.isTranslation && values.original_course_id) form.append('original_course_id', values.original_course_id);
  form.append('chapter_count', values.chapter_count.trim());
  if (values.content_type === 'scorm') {
    form.append('convert_to_webp', String(values.convert_to_webp));
    if (values.convert_to_webp) {
      form.append('webp_quality', values.webp_quality.trim());
      form.append('webp_lossless', String(values.webp_lossless));
    }
  }
  form.append('package', file);
  return form;
}

/** JSON body of PUT /api/v1/courses/id/{id}. */
export function courseUpdateBody(values: CourseFormValues): CourseUpdate {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    chapter_count: Number(values.chapter_count),
    content_type: values.content_type,
    version: values.version === 'auto' ? null : values.version,
    language: values.language as CourseUpdate['language'],
    level: Number(values.level),
    module_id: values.module_id ? Number(values.module_id) : null,
    min_score_required: values.min_score_required.trim() === '' ? null : Number(values.min_score_required),
    is_active: values.is_active,
    original_course_id: values.isTranslation && values.original_course_id ? Number(values.original_course_id) : null,
  };
}
