/**
 * Shapes of the API answers, from the server's contract (type-only: nothing of the server reaches the bundle).
 * Local names say what the screens use them for.
 */
import type {
  ContentType as ContractContentType,
  Course as ContractCourse,
  CourseProgress as ContractCourseProgress,
  GeneratedIdentity as ContractGeneratedIdentity,
  Language as ContractLanguage,
  Launch,
  ModuleWithCourses,
  ProgressStatus as ContractProgressStatus,
  PublicSettings,
  User as ContractUser,
} from 'lms-api/contract';

export type ContentType = ContractContentType;
export type CourseLanguage = ContractLanguage;
export type User = ContractUser;
export type GeneratedIdentity = ContractGeneratedIdentity;
export type PlatformConfig = PublicSettings;
export type Office = PublicSettings['office'];
export type Course = ContractCourse;
export type Module = ModuleWithCourses;
export type ProgressStatus = ContractProgressStatus;
export type CourseProgress = ContractCourseProgress;
export type LaunchInfo = Launch;
