/**
 * The API's shapes for the web apps (`import type { Course } from 'lms-api/contract'`): the TypeBox schemas that
 * validate requests and describe the OpenAPI document are the one definition; these are their static types.
 * Type-only exports, so nothing of the server reaches a browser bundle.
 */
export type { User, GeneratedIdentity, Registration } from './users/schema';
export type {
  ContentType,
  Language,
  Course,
  CourseListQuery,
  CourseUpdate,
  CourseReorderBody,
  Launch,
  ProgressStatus,
  CourseProgress,
} from './courses/schema';
export type { Module, ModuleWithCourses, ModuleForm, ModuleReorderBody } from './modules/schema';
export type { TrackingData, ProgressSave, ProgressRecord } from './progress/schema';
export type { AdminListQuery, AdminUser, UserProgressRow, Stats } from './admin/schema';
export type { ContactSubmission, ContactMessage } from './contact/schema';
export type { PublicSettings, ScormVersion } from './settings/schema';
/** The learning-record hook a tracking save calls inside its transaction (implemented by the LRS). */
export type { TrackingSaved, TrackingRecorder, ProgressSnapshot } from './progress/service';

/** Error answers: `{ "detail": "<message>" }` (DESIGN.md 5). */
export interface ApiError {
  detail: string;
}
