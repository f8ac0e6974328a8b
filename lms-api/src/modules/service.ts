import type { Sql } from '../db/db';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import { findCourse, listModuleCourses, nextLevelInModule, updateCourse, type CourseRow } from '../courses/store';
import { removeModuleImage, storeModuleImage } from './image';
import type { ModuleForm, ModuleReorderBody } from './schema';
import * as store from './store';
import type { ModuleRow } from './store';

export const MODULE_NOT_FOUND = 'Module not found.';

/** Inactive content is for administrators only. */
export function requireAdminFor(includeInactive: boolean, isAdmin: boolean): void {
  if (includeInactive && !isAdmin) throw forbidden('Administrator rights required to see inactive content.');
}

export async function getModule(sql: Sql, id: number, options: { includeInactiveCourses: boolean; isAdmin: boolean }) {
  const module = await store.findModule(sql, id);
  if (!module || (!module.is_active && !options.isAdmin)) throw notFound(MODULE_NOT_FOUND);
  const courses = await listModuleCourses(sql, [id], options.includeInactiveCourses);
  return { module, courses };
}

/** Modules by order, each with its courses by level (spec 4 Dashboard), in two queries. */
export async function modulesWithCourses(
  sql: Sql,
  options: { includeInactiveModules: boolean; includeInactiveCourses: boolean },
): Promise<{ module: ModuleRow; courses: CourseRow[] }[]> {
  const modules = await store.listModules(sql, options.includeInactiveModules);
  const courses = await listModuleCourses(
    sql,
    modules.map((m) => m.id),
    options.includeInactiveCourses,
  );
  const byModule = new Map<number, CourseRow[]>();
  for (const course of courses) {
    const list = byModule.get(course.module_id ?? 0) ?? [];
    list.push(course);
    byModule.set(course.module_id ?? 0, list);
  }
  return modules.map((module) => ({ module, courses: byModule.get(module.id) ?? [] }));
}

function textFields(form: ModuleForm) {
  const title = form.title?.trim() ?? '';
  // Spec 5 Module form: the title is required.
  if (!title) throw badRequest('Module title is required.');
  const optional = (value: string | null | undefined) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  };
  return {
    title,
    description: optional(form.description),
    title_fr: optional(form.title_fr),
    title_de: optional(form.title_de),
    title_lb: optional(form.title_lb),
    description_fr: optional(form.description_fr),
    description_de: optional(form.description_de),
    description_lb: optional(form.description_lb),
  };
}

/** Runs `write` after storing `image`; a failed write removes the new file again, so nothing is half-done. */
async function withStoredImage<T>(contentDir: string, image: UploadedFile | undefined, write: (imagePath: string | null) => Promise<T>) {
  const imagePath = image ? await storeModuleImage(contentDir, image) : null;
  try {
    return await write(imagePath);
  } catch (error) {
    await removeModuleImage(contentDir, imagePath);
    throw error;
  }
}

export async function createModule(db: Sql, contentDir: string, form: ModuleForm, image: UploadedFile | undefined): Promise<ModuleRow> {
  const texts = textFields(form);
  return withStoredImage(contentDir, image, (imagePath) =>
    db.transaction(async (tx) => {
      // Spec 2 Module form: order auto-assigned (max + 1) when empty; a given position makes room for it.
      let order = form.order;
      if (order === undefined) order = await store.nextModuleOrder(tx);
      else await store.shiftModulesFrom(tx, order, null);
      const id = await store.insertModule(tx, { ...texts, order, is_active: form.is_active ?? true, image_path: imagePath });
      return (await store.findModule(tx, id)) as ModuleRow;
    }),
  );
}

export async function updateModule(
  db: Sql,
  contentDir: string,
  id: number,
  form: ModuleForm,
  image: UploadedFile | undefined,
): Promise<ModuleRow> {
  const texts = textFields(form);
  const replacedImage = await withStoredImage(contentDir, image, (imagePath) =>
    db.transaction(async (tx) => {
      const current = await store.findModule(tx, id, { forUpdate: true });
      if (!current) throw notFound(MODULE_NOT_FOUND);
      // Spec 4 Content management: the existing image is kept unless a new one is chosen or it is removed.
      const replace = imagePath !== null || form.keep_existing_image === false;
      if (form.order !== undefined && form.order !== current.order) await store.shiftModulesFrom(tx, form.order, id);
      await store.updateModule(tx, id, {
        ...texts,
        order: form.order,
        is_active: form.is_active,
        image_path: replace ? imagePath : current.image_path,
      });
      return replace ? current.image_path : null;
    }),
  );
  // The old file goes only once the new state is committed.
  await removeModuleImage(contentDir, replacedImage);
  return (await store.findModule(db, id)) as ModuleRow;
}

export async function deleteModule(db: Sql, contentDir: string, id: number): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const module = await store.findModule(tx, id, { forUpdate: true });
    if (!module) throw notFound(MODULE_NOT_FOUND);
    // Spec 8 Delete module: refused with 400 while courses are assigned.
    if (module.course_count > 0) throw badRequest('Cannot delete module with assigned courses.');
    await store.deleteModule(tx, id);
    return module;
  });
  await removeModuleImage(contentDir, removed.image_path);
}

export async function setModuleActive(sql: Sql, id: number, isActive: boolean): Promise<ModuleRow> {
  if (!(await store.updateModule(sql, id, { is_active: isActive }))) throw notFound(MODULE_NOT_FOUND);
  return (await store.findModule(sql, id)) as ModuleRow;
}

/** PUT /modules/reorder: every position in one transaction; unknown or repeated ids change nothing. */
export async function reorderModules(db: Sql, entries: ModuleReorderBody): Promise<ModuleRow[]> {
  const ids = entries.map((entry) => entry.module_id);
  if (new Set(ids).size !== ids.length) throw badRequest('Each module may appear only once in a reorder.');
  return db.transaction(async (tx) => {
    const known = await store.existingModuleIds(tx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`Unknown module id(s): ${unknown.join(', ')}.`);
    await store.setModuleOrders(tx, entries);
    return store.listModules(tx, true);
  });
}

/** POST /modules/id/{id}/courses/id/{courseId}: the course moves to the end of the module. */
export async function assignCourse(db: Sql, moduleId: number, courseId: number): Promise<CourseRow> {
  return db.transaction(async (tx) => {
    if (!(await store.findModule(tx, moduleId, { forUpdate: true }))) throw notFound(MODULE_NOT_FOUND);
    const course = await findCourse(tx, courseId, { forUpdate: true });
    if (!course) throw notFound('Course not found.');
    if (course.module_id === moduleId) return course;
    const level = await nextLevelInModule(tx, moduleId);
    return (await updateCourse(tx, courseId, { module_id: moduleId, level })) as CourseRow;
  });
}

/** DELETE /modules/id/{id}/courses/id/{courseId}: the course becomes unassigned. */
export async function removeCourse(db: Sql, moduleId: number, courseId: number): Promise<CourseRow> {
  return db.transaction(async (tx) => {
    if (!(await store.findModule(tx, moduleId))) throw notFound(MODULE_NOT_FOUND);
    const course = await findCourse(tx, courseId, { forUpdate: true });
    if (!course) throw notFound('Course not found.');
    if (course.module_id !== moduleId) throw badRequest('The course is not assigned to this module.');
    return (await updateCourse(tx, courseId, { module_id: null })) as CourseRow;
  });
}
