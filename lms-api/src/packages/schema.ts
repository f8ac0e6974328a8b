import { Type, type Static } from '@sinclair/typebox';
import { ContentType, Course, Language } from '../courses/schema';
import { IMPORT_STAGES } from './jobs';

const JobId = Type.String({
  format: 'uuid',
  description: 'A uuid the client generates to follow the processing with GET /courses/import-jobs/{job_id} (or send header X-Import-Job).',
});

const WebpFields = {
  convert_to_webp: Type.Optional(Type.Boolean({ description: 'Convert PNG/JPEG images to WebP (SCORM only).' })),
  webp_quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 85 })),
  webp_lossless: Type.Optional(Type.Boolean()),
};

/** POST /courses/ multipart text fields (spec 7 Courses, spec 5 Course form). The file field is `package`. */
export const CreateCourseForm = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 300 }),
    content_type: Type.Optional(ContentType),
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: "'auto' (default) detects the version." })),
    language: Type.Optional(Language),
    is_active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
    level: Type.Optional(Type.Integer({ minimum: 1 })),
    module_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    min_score_required: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
    original_course_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    chapter_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Defaults to the number of SCOs/AUs.' })),
    ...WebpFields,
    job_id: Type.Optional(JobId),
  },
  { additionalProperties: false },
);
export type CreateCourseForm = Static<typeof CreateCourseForm>;

/** PUT /courses/id/{id}/package multipart text fields. */
export const UpdatePackageForm = Type.Object(
  {
    reset_progress: Type.Optional(Type.Boolean({ default: false, description: "true deletes every learner's progress on the course." })),
    ...WebpFields,
    job_id: Type.Optional(JobId),
  },
  { additionalProperties: false },
);
export type UpdatePackageForm = Static<typeof UpdatePackageForm>;

export const ImportFigures = Type.Object({
  job_id: Type.String(),
  images_converted: Type.Integer(),
  bytes_saved: Type.Integer(),
  files: Type.Integer(),
  webp: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Null()]),
});

export const ImportedCourse = Type.Intersect([
  Course,
  Type.Object({ import: ImportFigures, progress_reset: Type.Optional(Type.Integer({ description: 'Progress records deleted.' })) }),
]);

export const ImportJob = Type.Object({
  id: Type.String(),
  stage: Type.Union(IMPORT_STAGES.map((stage) => Type.Literal(stage))),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  message: Type.String(),
  course_id: Type.Union([Type.Integer(), Type.Null()]),
  updated_at: Type.String({ format: 'date-time' }),
});

export const JobParams = Type.Object({ job_id: Type.String({ format: 'uuid' }) });
