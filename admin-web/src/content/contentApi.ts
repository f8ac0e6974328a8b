import { apiJson } from '../data/http';
import { API_BASE } from '../data/session';
import { uploadPackage } from '../data/importJob';
import { uploadMultipart, type UploadProgress } from '../data/upload';
import type { Course, CourseUpdate, ModuleWithCourses, ScormVersion } from './types';

/** The spec's section 7 module and course calls (not ra-data-simple-rest shaped, so called directly). */
export const contentApi = {
  modulesWithCourses: () =>
    apiJson<ModuleWithCourses[]>(`${API_BASE}/modules/all/with-courses?include_inactive_modules=true&include_inactive_courses=true`),
  allCourses: () => apiJson<Course[]>(`${API_BASE}/courses/?ordered=true&include_inactive=true`),
  /** Spec 7 "How answers are used": originals offered for translation = active and inactive, no translations. */
  originalCourses: async () =>
    (await apiJson<Course[]>(`${API_BASE}/courses/?ordered=true&include_inactive=false`))
      .filter((c) => c.original_course_id === null)
      .map((c) => ({ id: c.id, title: c.title, language: c.language })),
  translations: (id: number) => apiJson<Course[]>(`${API_BASE}/courses/id/${id}/translations`),
  scormVersions: () => apiJson<unknown>(`${API_BASE}/utils/scorm-versions/`).then(normaliseVersions),

  setModuleActive: (id: number, isActive: boolean) => apiJson(`${API_BASE}/modules/id/${id}/active`, 'PUT', { is_active: isActive }),
  deleteModule: (id: number) => apiJson(`${API_BASE}/modules/id/${id}`, 'DELETE'),
  reorderModules: (order: { module_id: number; order: number }[]) => apiJson(`${API_BASE}/modules/reorder`, 'PUT', order),
  saveModule: (id: number | null, form: FormData, onProgress: (p: UploadProgress) => void) =>
    uploadMultipart<{ title: string }>(id === null ? 'POST' : 'PUT', id === null ? `${API_BASE}/modules/` : `${API_BASE}/modules/id/${id}`, form, onProgress),

  setCourseActive: (id: number, isActive: boolean) => apiJson(`${API_BASE}/courses/id/${id}/active`, 'PUT', { is_active: isActive }),
  setCourseLevel: (id: number, level: number) => apiJson(`${API_BASE}/courses/id/${id}/level`, 'PUT', { level }),
  setCourseMinScore: (id: number, minScore: number | null) => apiJson(`${API_BASE}/courses/id/${id}/min-score`, 'PUT', { min_score: minScore }),
  setCourseModule: (id: number, moduleId: number | null) => apiJson(`${API_BASE}/courses/id/${id}/module`, 'PUT', { module_id: moduleId }),
  reorderCourses: (order: { course_id: number; level: number }[]) => apiJson(`${API_BASE}/courses/reorder`, 'PUT', order),
  updateCourse: (id: number, fields: CourseUpdate) => apiJson<Course>(`${API_BASE}/courses/id/${id}`, 'PUT', fields),
  deleteCourse: (id: number) => apiJson(`${API_BASE}/courses/id/${id}`, 'DELETE'),
  createCourse: (form: FormData, onProgress: (p: UploadProgress) => void) =>
    uploadPackage<Course>('POST', `${API_BASE}/courses/`, form, onProgress),
  updatePackage: (id: number, form: FormData, onProgress: (p: UploadProgress) => void) =>
    uploadPackage<Course & { progress_reset?: boolean }>('PUT', `${API_BASE}/courses/id/${id}/package`, form, onProgress),
};

/** The versions endpoint may answer strings or {value,label}; the select needs both. */
export function normaliseVersions(raw: unknown): ScormVersion[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'versions' in raw ? (raw as { versions: unknown }).versions : [];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): ScormVersion[] => {
    if (typeof item === 'string') return [{ value: item, label: item }];
    if (item && typeof item === 'object' && 'value' in item) {
      const { value, label } = item as { value: unknown; label?: unknown };
      if (typeof value === 'string') return [{ value, label: typeof label === 'string' ? label : value }];
    }
    return [];
  });
}
