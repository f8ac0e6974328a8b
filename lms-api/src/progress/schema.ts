import { Type, type Static } from '@sinclair/typebox';
import { ProgressStatus } from '../courses/schema';

/** HH:MM:SS, optionally with hundredths (spec 4: time is HH:MM:SS, with two decimals for SCORM time). */
export const TIME_PATTERN = '^\\d{1,6}:[0-5]\\d:[0-5]\\d(\\.\\d{1,2})?$';

/** Data-model element -> value, e.g. `cmi.core.lesson_status` -> `passed` (prefixed per SCO for multi-SCO packages). */
export const TrackingData = Type.Record(Type.String({ minLength: 1, maxLength: 500 }), Type.Union([Type.String({ maxLength: 65_536 }), Type.Number(), Type.Boolean()]), {
  maxProperties: 10_000,
});
export type TrackingData = Static<typeof TrackingData>;

/** Spec 3 Tracking payload. */
export const ProgressSave = Type.Object(
  {
    tracking_data: TrackingData,
    time_spent: Type.Optional(
      Type.String({
        pattern: TIME_PATTERN,
        description:
          'Total time spent in the course (HH:MM:SS): every finished session plus the running one, as the SCORM player sums cmi.core.total_time / cmi.total_time and the session time. The stored total never decreases.',
      }),
    ),
    is_final: Type.Optional(Type.Boolean({ default: false, description: 'True on the session’s last save (Terminate/LMSFinish, unload).' })),
  },
  { additionalProperties: false },
);
export type ProgressSave = Static<typeof ProgressSave>;

/** The learner's stored progress in one course (GET/POST /courses/id/{id}/progress/). */
export const ProgressRecord = Type.Object({
  course_id: Type.Integer(),
  tracking_data: TrackingData,
  /** Total time in the course (finished sessions plus the running one), HH:MM:SS. */
  time_spent: Type.String(),
  status: ProgressStatus,
  /** The content's own success status (passed, failed) when it reports one. */
  success_status: Type.Union([Type.String(), Type.Null()]),
  completion_percentage: Type.Number({ minimum: 0, maximum: 100 }),
  score: Type.Union([Type.Number(), Type.Null()]),
  last_accessed: Type.String({ format: 'date-time' }),
  completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  attempt: Type.Integer(),
});
export type ProgressRecord = Static<typeof ProgressRecord>;
