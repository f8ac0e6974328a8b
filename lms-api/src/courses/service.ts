import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { Sql } from '../db/db';
import { badRequest, notFound } from '../http/errors';
import { findModule } from '../modules/store';
import type { CourseListQuery, CourseReorderBody, CourseUpdate, Launch } from './schema';
import { presentLaunch } from './present';
import * as store from './store';
import type { CourseRow } from './store';

export const COURSE_NOT_FOUND = 'Course not found.';

/** A course as a given reader may see it: inactive courses exist for administrators only. */
export async function getVisibleCourse(sql: Sql, id: number, isAdmin: boolean): Promise<CourseRow> {
  const course = await store.findCourse(sql, id);
  if (!course || (!course.is_active && !isAdmin)) throw notFound(COURSE_NOT_FOUND);
  return course;
}

export function listCourses(sql: Sql, query: CourseListQuery): Promise<CourseRow[]> {
  return store.listCourses(sql, { includeInactive: query.include_inactive, language: query.language, ordered: query.ordered });
}

/** The course's family: its original and every translation of that original, original first. */
export async function listTranslations(sql: Sql, id: number, isAdmin: boolean): Promise<CourseRow[]> {
  const course = await getVisibleCourse(sql, id, isAdmin);
  return store.listCourseFamily(sql, course.original_course_id ?? course.id, isAdmin);
}

async function requireModule(sql: Sql, moduleId: number): Promise<void> {
  if (!(await findModule(sql, moduleId))) throw badRequest(`Module ${moduleId} does not exist.`);
}

/** Spec 2 Course form: a translation points to an original, which must not itself be a translation. */
async function checkOriginal(sql: Sql, course: CourseRow, originalId: number): Promise<void> {
  if (originalId === course.id) throw badRequest('A course cannot be a translation of itself.');
  const original = await store.findCourse(sql, originalId);
  if (!original) throw badRequest(`Original course ${originalId} does not exist.`);
  if (original.original_course_id !== null) throw badRequest('The original course cannot itself be a translation.');
  if ((await store.countTranslations(sql, course.id)) > 0) {
    throw badRequest('A course that has translations cannot become a translation.');
  }
}

export async function updateCourse(db: Sql, id: number, changes: CourseUpdate): Promise<CourseRow> {
  return db.transaction(async (tx) => {
    const course = await store.findCourse(tx, id, { forUpdate: true });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (changes.title !== undefined && changes.title.trim() === '') throw badRequest('Course title is required.');
    if (changes.module_id !== undefined && changes.module_id !== null) await requireModule(tx, changes.module_id);
    if (changes.original_course_id !== undefined && changes.original_course_id !== null) {
      await checkOriginal(tx, course, changes.original_course_id);
    }
    const level =
      changes.level ??
      // Moved to another module without a level: placed last there.
      (changes.module_id !== undefined && changes.module_id !== null && changes.module_id !== course.module_id
        ? await store.nextLevelInModule(tx, changes.module_id)
        : undefined);
    return (await store.updateCourse(tx, id, { ...changes, title: changes.title?.trim(), level })) as CourseRow;
  });
}

/** Package files of a course: its `courses/<id>/` folder when the package lives there, else the package folder. */
function packageFolder(contentDir: string, course: CourseRow): string | null {
  if (!course.package_path) return null;
  const own = new RegExp(`^courses/${course.id}(/|$)`);
  const relative = own.test(course.package_path) ? `courses/${course.id}` : course.package_path;
  const folder = path.resolve(contentDir, relative);
  // Never outside the content root, never the root itself.
  return folder.startsWith(path.resolve(contentDir) + path.sep) ? folder : null;
}

/** DELETE /courses/id/{id}: the course, its learners' progress (cascade) and, once committed, its package files. */
export async function deleteCourse(db: Sql, contentDir: string, id: number): Promise<void> {
  const course = await db.transaction(async (tx) => {
    const deleted = await store.deleteCourse(tx, id);
    if (!deleted) throw notFound(COURSE_NOT_FOUND);
    return deleted;
  });
  const folder = packageFolder(contentDir, course);
  if (folder) await rm(folder, { recursive: true, force: true });
}

export async function setLevel(sql: Sql, id: number, level: number): Promise<CourseRow> {
  return (await store.updateCourse(sql, id, { level })) ?? Promise.reject(notFound(COURSE_NOT_FOUND));
}

export async function setMinScore(sql: Sql, id: number, minScore: number | null): Promise<CourseRow> {
  return (await store.updateCourse(sql, id, { min_score_required: minScore })) ?? Promise.reject(notFound(COURSE_NOT_FOUND));
}

export async function setActive(sql: Sql, id: number, isActive: boolean): Promise<CourseRow> {
  return (await store.updateCourse(sql, id, { is_active: isActive })) ?? Promise.reject(notFound(COURSE_NOT_FOUND));
}

/** PUT /courses/id/{id}/module: moves the course to the end of a module, or unassigns it (null). */
export async function setModule(db: Sql, id: number, moduleId: number | null): Promise<CourseRow> {
  return db.transaction(async (tx) => {
    const course = await store.findCourse(tx, id, { forUpdate: true });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (moduleId === null) return (await store.updateCourse(tx, id, { module_id: null })) as CourseRow;
    if (!(await findModule(tx, moduleId))) throw notFound('Module not found.');
    if (course.module_id === moduleId) return course;
    const level = await store.nextLevelInModule(tx, moduleId);
    return (await store.updateCourse(tx, id, { module_id: moduleId, level })) as CourseRow;
  });
}

/** PUT /courses/reorder: every level in one transaction; unknown or repeated ids change nothing. */
export async function reorderCourses(db: Sql, entries: CourseReorderBody): Promise<CourseRow[]> {
  const ids = entries.map((entry) => entry.course_id);
  if (new Set(ids).size !== ids.length) throw badRequest('Each course may appear only once in a reorder.');
  return db.transaction(async (tx) => {
    const known = await store.existingCourseIds(tx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`Unknown course id(s): ${unknown.join(', ')}.`);
    await store.setCourseLevels(tx, entries);
    return store.listCourses(tx, { includeInactive: true, ordered: true });
  });
}

/** GET /courses/id/{id}/launch: where the player loads the package's entry point. */
export async function launchCourse(sql: Sql, id: number, isAdmin: boolean): Promise<Launch> {
  const course = await getVisibleCourse(sql, id, isAdmin);
  if (!course.package_path || !course.launch_path) throw badRequest('This course has no content package to launch.');
  return presentLaunch({ ...course, package_path: course.package_path, launch_path: course.launch_path });
}
