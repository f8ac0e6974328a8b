import { Type, type Static } from '@sinclair/typebox';

/** Spec 9: content types and interface languages of a course. */
export const CONTENT_TYPES = ['scorm', 'h5p', 'cmi5', 'aicc'] as const;
export const LANGUAGES = ['en', 'fr', 'de', 'lb'] as const;

export type ContentType = (typeof CONTENT_TYPES)[number];
export type Language = (typeof LANGUAGES)[number];
// A plain `enum` keeps validation messages readable ("must be one of: en, fr, de, lb").
export const ContentType = Type.Unsafe<ContentType>({ type: 'string', enum: [...CONTENT_TYPES] });
export const Language = Type.Unsafe<Language>({ type: 'string', enum: [...LANGUAGES] });

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Spec 3 Course: settings hold the parsed manifest and import facts (e.g. webp_converted). */
export const Course = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  content_type: ContentType,
  version: Type.Union([Type.String(), Type.Null()]),
  language: Language,
  level: Type.Integer({ minimum: 1 }),
  module_id: Type.Union([Type.Integer(), Type.Null()]),
  min_score_required: Type.Union([Type.Number(), Type.Null()]),
  is_active: Type.Boolean(),
  chapter_count: Type.Integer({ minimum: 1 }),
  original_course_id: Type.Union([Type.Integer(), Type.Null()]),
  settings: Type.Record(Type.String(), Type.Unknown()),
  /** True once a content package is in place (the course can be launched). */
  has_package: Type.Boolean(),
  package_version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Course = Static<typeof Course>;

export const CourseList = Type.Array(Course);

export const CourseListQuery = Type.Object({
  ordered: Type.Boolean({ default: true, description: 'Order by module order, then level (else by id).' }),
  include_inactive: Type.Boolean({ default: false, description: 'Administrators only.' }),
  language: Type.Optional(Language),
});
export type CourseListQuery = Static<typeof CourseListQuery>;

export const IncludeInactiveQuery = Type.Object({
  include_inactive: Type.Boolean({ default: false, description: 'Administrators only.' }),
});

/** PUT /courses/id/{id}: the editable fields; every field is optional, absent fields keep their value. */
export const CourseUpdate = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
    chapter_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    content_type: Type.Optional(ContentType),
    version: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    language: Type.Optional(Language),
    level: Type.Optional(Type.Integer({ minimum: 1 })),
    module_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    min_score_required: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
    is_active: Type.Optional(Type.Boolean()),
    original_course_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);
export type CourseUpdate = Static<typeof CourseUpdate>;

export const LevelBody = Type.Object({ level: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const MinScoreBody = Type.Object(
  { min_score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]) },
  { additionalProperties: false },
);
export const ActiveBody = Type.Object({ is_active: Type.Boolean() }, { additionalProperties: false });
export const ModuleAssignmentBody = Type.Object(
  { module_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) },
  { additionalProperties: false },
);

/** Spec 3 Reorder payloads: courses as a list of course_id with level (1-based). */
export const CourseReorderBody = Type.Array(
  Type.Object({ course_id: Type.Integer({ minimum: 1 }), level: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  { minItems: 1, maxItems: 10_000 },
);
export type CourseReorderBody = Static<typeof CourseReorderBody>;

export const Launch = Type.Object({
  launch_url: Type.String(),
  content_type: ContentType,
  version: Type.Union([Type.String(), Type.Null()]),
  settings: Type.Record(Type.String(), Type.Unknown()),
});
export type Launch = Static<typeof Launch>;

export const ProgressStatus = Type.Union([Type.Literal('not_started'), Type.Literal('in_progress'), Type.Literal('completed')]);
export type ProgressStatus = Static<typeof ProgressStatus>;

/** Spec 3 Course progress, one per course the learner can see (GET /courses/user-progress/). */
export const CourseProgress = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  level: Type.Integer(),
  module_id: Type.Union([Type.Integer(), Type.Null()]),
  language: Language,
  original_course_id: Type.Union([Type.Integer(), Type.Null()]),
  content_type: ContentType,
  is_available: Type.Boolean(),
  is_completed: Type.Boolean(),
  is_in_progress: Type.Boolean(),
  status: ProgressStatus,
  /** Clamped to 0..100 and rounded (spec 4 Dashboard). */
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  score: Type.Union([Type.Number(), Type.Null()]),
  min_score_required: Type.Union([Type.Number(), Type.Null()]),
  prerequisite_missing: Type.Union([Type.String(), Type.Null()]),
  last_accessed: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CourseProgress = Static<typeof CourseProgress>;
