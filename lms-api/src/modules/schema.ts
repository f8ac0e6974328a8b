import { Type, type Static } from '@sinclair/typebox';
import { Course } from '../courses/schema';

export const ModuleIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ModuleCourseParams = Type.Object({ id: Type.Integer({ minimum: 1 }), courseId: Type.Integer({ minimum: 1 }) });

/** Spec 3 Module. `image_url` is `/api/v1/content/{image_path}` (spec 3 Module image URL shape). */
export const Module = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  title_fr: Type.Union([Type.String(), Type.Null()]),
  title_de: Type.Union([Type.String(), Type.Null()]),
  title_lb: Type.Union([Type.String(), Type.Null()]),
  description_fr: Type.Union([Type.String(), Type.Null()]),
  description_de: Type.Union([Type.String(), Type.Null()]),
  description_lb: Type.Union([Type.String(), Type.Null()]),
  order: Type.Integer({ minimum: 1 }),
  is_active: Type.Boolean(),
  image_path: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  /** Courses assigned to the module (active and inactive). */
  course_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Module = Static<typeof Module>;

export const ModuleWithCourses = Type.Composite([Module, Type.Object({ courses: Type.Array(Course) })]);
export type ModuleWithCourses = Static<typeof ModuleWithCourses>;

const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * Multipart fields of POST /modules/ and PUT /modules/id/{id} (the image is a file part). The client sends
 * optional texts only when non-empty (spec 5 Module form), so on update an absent text clears it; an absent
 * order or is_active keeps the current value.
 */
export const ModuleForm = Type.Object(
  {
    title: Text(200),
    description: Text(5000),
    title_fr: Text(200),
    title_de: Text(200),
    title_lb: Text(200),
    description_fr: Text(5000),
    description_de: Text(5000),
    description_lb: Text(5000),
    order: Type.Optional(Type.Integer({ minimum: 1, description: 'Position (1-based); the next free one when absent.' })),
    is_active: Type.Optional(Type.Boolean()),
    keep_existing_image: Type.Optional(
      Type.Boolean({ description: 'On update without a new image: false removes the current image (default true).' }),
    ),
  },
  { additionalProperties: false },
);
export type ModuleForm = Static<typeof ModuleForm>;

export const ModuleListQuery = Type.Object({
  include_inactive: Type.Boolean({ default: false, description: 'Administrators only.' }),
});
export const ModulesWithCoursesQuery = Type.Object({
  include_inactive_modules: Type.Boolean({ default: false, description: 'Administrators only.' }),
  include_inactive_courses: Type.Boolean({ default: false, description: 'Administrators only.' }),
});
export const ModuleQuery = Type.Object({
  include_inactive_courses: Type.Boolean({ default: false, description: 'Administrators only.' }),
});

export const ModuleActiveBody = Type.Object({ is_active: Type.Boolean() }, { additionalProperties: false });

/** Spec 3 Reorder payloads: modules as a list of module_id with order (1-based). */
export const ModuleReorderBody = Type.Array(
  Type.Object({ module_id: Type.Integer({ minimum: 1 }), order: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  { minItems: 1, maxItems: 10_000 },
);
export type ModuleReorderBody = Static<typeof ModuleReorderBody>;
