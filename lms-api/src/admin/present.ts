import { presentUser } from '../users/present';
import { formatDuration } from '../progress/derive';
import type { AdminUser, UserProgressRow } from './schema';
import type { AdminUserRow, UserProgressDbRow } from './store';

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return { ...presentUser(row), courses_started: row.courses_started, courses_completed: row.courses_completed };
}

export function presentUserProgress(row: UserProgressDbRow): UserProgressRow {
  return {
    course_id: row.course_id,
    title: row.title,
    language: row.language,
    module_id: row.module_id,
    status: row.status,
    completion_percentage: Math.round(Math.min(100, Math.max(0, Number(row.completion_percentage)))),
    score: row.score === null ? null : Number(row.score),
    time_spent: formatDuration(Number(row.time_spent_seconds)),
    last_accessed: row.last_accessed ? new Date(row.last_accessed).toISOString() : null,
  };
}
