import { describe, expect, it } from 'vitest';
import { applyCourseChange, courseCreateForm, defaultCourseValues, validateCourse } from './courseForm';
import { moduleFormData } from './ModuleFormDialog';
import { packageForm } from './PackageUpdateDialog';

const file = new File([new Uint8Array([80, 75, 3, 4])], 'golf.zip', { type: 'application/zip' });

describe('course form rules (spec 4/5)', () => {
  it('defaults to scorm, auto-detected version, English, active', () => {
    const values = defaultCourseValues(null);
    expect(values).toMatchObject({ content_type: 'scorm', version: 'auto', autoDetect: true, language: 'en', is_active: true, webp_quality: '85' });
  });
  it('requires a title, a package on create, and an original for translations', () => {
    const values = { ...defaultCourseValues(null), title: ' ' };
    expect(validateCourse(values, false, true)).toMatchObject({
      title: 'app.course_form.errors.title_required',
      package: 'app.course_form.errors.package_required',
    });
    const translation = applyCourseChange({ ...values, title: 'T' }, { isTranslation: true });
    expect(validateCourse(translation, true, true)).toEqual({ original_course_id: 'app.course_form.errors.original_required' });
  });
  it('checks ranges: level and chapters >= 1, minimum score 0..100, quality 1..100', () => {
    const base = { ...defaultCourseValues(null), title: 'T' };
    expect(validateCourse({ ...base, level: '0', chapter_count: '0', min_score_required: '101' }, true, true)).toEqual({
      level: 'app.course_form.errors.level',
      chapter_count: 'app.course_form.errors.chapter_count',
      min_score_required: 'app.course_form.errors.min_score',
    });
    expect(validateCourse({ ...base, convert_to_webp: true, webp_quality: '0' }, true, true)).toEqual({ webp_quality: 'app.course_form.errors.webp_quality' });
    expect(validateCourse({ ...base, convert_to_webp: true, webp_quality: '0', webp_lossless: true }, true, true)).toEqual({});
  });
  it('turning WebP off resets quality and lossless; turning translation off clears the original', () => {
    const on = { ...defaultCourseValues(null), convert_to_webp: true, webp_quality: '40', webp_lossless: true, isTranslation: true, original_course_id: '3' };
    expect(applyCourseChange(on, { convert_to_webp: false })).toMatchObject({ webp_quality: '85', webp_lossless: false });
    expect(applyCourseChange(on, { isTranslation: false }).original_course_id).toBe('');
  });
  it('sends WebP options only for scorm, and quality only when converting', () => {
    const scorm = courseCreateForm({ ...defaultCourseValues(null), title: 'Golf', convert_to_webp: true, webp_quality: '70' }, file);
    expect(scorm.get('convert_to_webp')).toBe('true');
    expect(scorm.get('webp_quality')).toBe('70');
    expect(scorm.get('version')).toBe('auto');
    const h5p = courseCreateForm({ ...defaultCourseValues(null), title: 'H', content_type: 'h5p', convert_to_webp: true }, file);
    expect(h5p.has('convert_to_webp')).toBe(false);
    expect(h5p.has('webp_quality')).toBe(false);
    expect(h5p.has('module_id')).toBe(false);
  });
});

describe('package and module multipart bodies', () => {
  it('package: reset flag always, WebP only for scorm and quality only when on', () => {
    const off = packageForm(file, { resetProgress: true, scorm: true, webp: false, quality: '85', lossless: false });
    expect(off.get('reset_progress')).toBe('true');
    expect(off.get('convert_to_webp')).toBe('false');
    expect(off.has('webp_quality')).toBe(false);
    const other = packageForm(file, { resetProgress: false, scorm: false, webp: true, quality: '85', lossless: false });
    expect(other.has('convert_to_webp')).toBe(false);
  });
  it('module: optional texts only when non-empty, order only when set, image kept unless removed', () => {
    const values = { title: 'Basics', title_fr: 'Les bases', title_de: '', title_lb: ' ', description: '', description_fr: '', description_de: '', description_lb: '', order: '', is_active: true };
    const created = moduleFormData(values, null, false, false);
    expect([...created.keys()].sort()).toEqual(['is_active', 'title', 'title_fr']);
    const edited = moduleFormData({ ...values, order: '2' }, null, true, true);
    expect(edited.get('keep_existing_image')).toBe('false');
    expect(edited.get('order')).toBe('2');
  });
});
