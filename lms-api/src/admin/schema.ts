import { Type, type Static } from '@sinclair/typebox';
import { ProgressStatus } from '../courses/schema';
import { User } from '../users/schema';

/**
 * List parameters: react-admin's ra-data-simple-rest (`range=[0,9]`, `sort=["last_login","DESC"]`,
 * `filter={"q":"abc"}`, JSON in query parameters) as well as plain `q`, `page`, `per_page`, `sort_by`, `order`.
 */
export const AdminListQuery = Type.Object({
  range: Type.Optional(Type.String({ description: 'JSON [first, last] (inclusive, 0-based).', examples: ['[0,9]'] })),
  sort: Type.Optional(Type.String({ description: 'JSON [field, "ASC"|"DESC"].', examples: ['["last_login","DESC"]'] })),
  filter: Type.Optional(Type.String({ description: 'JSON object of filters, e.g. {"q":"abc","is_admin":true,"active":true}.' })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort_by: Type.Optional(Type.String({ maxLength: 50 })),
  order: Type.Optional(Type.Unsafe<'asc' | 'desc' | 'ASC' | 'DESC'>({ type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] })),
  is_admin: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean({ description: 'Signed in within the last 30 days (spec 9 Active user).' })),
});
export type AdminListQuery = Static<typeof AdminListQuery>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A user in the admin list: nickname and masked ID only, with course counts. */
export const AdminUser = Type.Composite([
  User,
  Type.Object({ courses_started: Type.Integer(), courses_completed: Type.Integer() }),
]);
export type AdminUser = Static<typeof AdminUser>;

/** Spec 3 User progress detail row. */
export const UserProgressRow = Type.Object({
  course_id: Type.Integer(),
  title: Type.String(),
  language: Type.String(),
  module_id: Type.Union([Type.Integer(), Type.Null()]),
  status: ProgressStatus,
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  score: Type.Union([Type.Number(), Type.Null()]),
  time_spent: Type.String(),
  last_accessed: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type UserProgressRow = Static<typeof UserProgressRow>;

const DayCount = Type.Object({ date: Type.String({ format: 'date' }), count: Type.Integer() });

export const Stats = Type.Object({
  totals: Type.Object({
    users: Type.Integer(),
    admins: Type.Integer(),
    /** Signed in within the last 30 days. */
    active_users: Type.Integer(),
    courses: Type.Integer(),
    active_courses: Type.Integer(),
    modules: Type.Integer(),
    completions: Type.Integer(),
    in_progress: Type.Integer(),
  }),
  courses: Type.Array(
    Type.Object({
      course_id: Type.Integer(),
      title: Type.String(),
      language: Type.String(),
      module_id: Type.Union([Type.Integer(), Type.Null()]),
      started: Type.Integer(),
      completed: Type.Integer(),
      average_score: Type.Union([Type.Number(), Type.Null()]),
      average_completion: Type.Number(),
    }),
  ),
  /** One entry per day (UTC) for the last 90 days, oldest first, days without events included. */
  signups_per_day: Type.Array(DayCount),
  completions_per_day: Type.Array(DayCount),
});
export type Stats = Static<typeof Stats>;
