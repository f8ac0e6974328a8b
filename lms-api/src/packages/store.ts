import type { Sql } from '../db/db';

/**
 * Removes every learner's progress on a course (package update with reset_progress, spec 2 Package update modal).
 * Tables of other domains that hang off course_progress follow by ON DELETE CASCADE. Returns the rows removed.
 */
export async function deleteCourseProgress(sql: Sql, courseId: number): Promise<number> {
  const rows = await sql.query<{ id: number }>('DELETE FROM course_progress WHERE course_id = $1 RETURNING id', [courseId]);
  return rows.length;
}
