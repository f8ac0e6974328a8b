import { formatDuration } from './derive';
import type { ProgressRecord } from './schema';
import type { ProgressRow } from './store';

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function presentProgress(row: ProgressRow): ProgressRecord {
  return {
    course_id: row.course_id,
    tracking_data: row.tracking_data,
    time_spent: formatDuration(row.time_spent_seconds),
    status: row.status,
    success_status: row.success_status,
    completion_percentage: Number(row.completion_percentage),
    score: row.score === null ? null : Number(row.score),
    last_accessed: iso(row.last_accessed),
    completed_at: row.completed_at === null ? null : iso(row.completed_at),
    attempt: row.attempt,
  };
}
