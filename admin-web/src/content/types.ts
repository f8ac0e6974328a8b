/** Shapes of spec 3 as the API presents them: the server's contract is the one definition (types only). */
import type { ContentType } from 'lms-api/contract';

export type { ContentType, Course, CourseUpdate, Module, ModuleWithCourses, ScormVersion } from 'lms-api/contract';

export const CONTENT_TYPES: readonly ContentType[] = ['scorm', 'h5p', 'cmi5', 'aicc'];
export const COURSE_LANGUAGES = ['en', 'fr', 'de', 'lb'] as const;
