import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ApiError } from '../data/http';
import { isLanguage } from '../i18n/language';
import { useAnnounce } from '../layout/Announcer';
import { contentApi } from './contentApi';
import { moduleTitle } from './naming';
import { courseOrderPayload, moduleOrderPayload, moveItem } from './ordering';
import type { Course, Module, ModuleWithCourses } from './types';
import { wait } from './useContent';

/** Spec 9: post-move reorder delay. */
export const POST_MOVE_DELAY_MS = 500;

interface Deps {
  modules: ModuleWithCourses[];
  unassigned: Course[];
  reload: () => Promise<void>;
  setSuccess: (message: string | null) => void;
  setError: (message: string | null) => void;
}

/**
 * Every content change of spec 4/8: call, then on success a message and a reload (spec 7 "How answers are
 * used"), on failure the spec's error text. Moves are also announced in the console's language.
 */
export function useContentActions({ modules, unassigned, reload, setSuccess, setError }: Deps) {
  const translate = useTranslate();
  const announce = useAnnounce();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';

  const run = useCallback(
    async (call: () => Promise<unknown>, success: string, failure: (error: unknown) => string): Promise<boolean> => {
      setError(null);
      try {
        await call();
        setSuccess(success);
        await reload();
        return true;
      } catch (error) {
        setError(failure(error));
        return false;
      }
    },
    [reload, setError, setSuccess],
  );

  const containerName = useCallback(
    (moduleId: number | null) => {
      if (moduleId === null) return translate('app.content.unassigned.title');
      const module = modules.find((m) => m.id === moduleId);
      return module ? moduleTitle(module, language) : '';
    },
    [modules, language, translate],
  );

  const toggleModule = (module: Module) =>
    run(
      () => contentApi.setModuleActive(module.id, !module.is_active),
      translate(module.is_active ? 'app.content.success.module_deactivated' : 'app.content.success.module_activated'),
      () => translate('app.content.errors.module_status'),
    );

  const deleteModule = (module: Module) =>
    run(
      () => contentApi.deleteModule(module.id),
      translate('app.content.success.module_deleted'),
      (error) =>
        error instanceof ApiError && error.status === 400
          ? // Spec 8: the server's detail; its usual one is shown in the console's language.
            !error.detail || error.detail === 'Cannot delete module with assigned courses.'
            ? translate('app.content.errors.module_has_courses')
            : error.detail
          : translate('app.content.errors.module_delete'),
    );

  const toggleCourse = (course: Course) =>
    run(
      () => contentApi.setCourseActive(course.id, !course.is_active),
      translate(course.is_active ? 'app.content.success.course_deactivated' : 'app.content.success.course_activated'),
      () => translate('app.content.errors.course_status'),
    );

  const deleteCourse = (course: Course) =>
    run(
      () => contentApi.deleteCourse(course.id),
      translate('app.content.success.course_deleted'),
      () => translate('app.content.errors.course_delete', { title: course.title }),
    );

  const reorderModules = async (ids: number[], moved: Module) => {
    const ok = await run(
      () => contentApi.reorderModules(moduleOrderPayload(ids)),
      translate('app.content.success.module_order'),
      () => translate('app.content.errors.module_order'),
    );
    if (ok) announce(translate('app.content.announce.module_moved', { item: moduleTitle(moved, language), position: ids.indexOf(moved.id) + 1, total: ids.length }));
    return ok;
  };

  const moveModule = (module: Module, delta: -1 | 1) => {
    const ids = modules.map((m) => m.id);
    const from = ids.indexOf(module.id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return Promise.resolve(false);
    return reorderModules(moveItem(ids, from, to), module);
  };

  const reorderWithin = async (moduleId: number, ids: number[], course: Course) => {
    const ok = await run(
      () => contentApi.reorderCourses(courseOrderPayload(ids)),
      translate('app.content.success.course_order'),
      () => translate('app.content.errors.course_order'),
    );
    if (ok)
      announce(
        translate('app.content.announce.course_moved', {
          item: course.title,
          position: ids.indexOf(course.id) + 1,
          total: ids.length,
          container: containerName(moduleId),
        }),
      );
    return ok;
  };

  const moveCourseWithin = (course: Course, delta: -1 | 1) => {
    const module = modules.find((m) => m.id === course.module_id);
    if (!module) return Promise.resolve(false);
    const ids = module.courses.map((c) => c.id);
    const from = ids.indexOf(course.id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return Promise.resolve(false);
    return reorderWithin(module.id, moveItem(ids, from, to), course);
  };

  /** Levels as 1..n in the displayed order (the "fix order" button). */
  const fixOrder = (module: ModuleWithCourses) =>
    module.courses.length === 0
      ? Promise.resolve(false)
      : run(
          () => contentApi.reorderCourses(courseOrderPayload(module.courses.map((c) => c.id))),
          translate('app.content.success.course_order'),
          () => translate('app.content.errors.course_order'),
        );

  /**
   * Spec 4: a course goes to another module (at `index`, default last) or to the unassigned area (null). After a
   * move to a different module: reload, wait 500 ms, then reorder within the target module.
   */
  const moveCourse = async (course: Course, target: number | null, index?: number) => {
    if (target === course.module_id) return false;
    if (target === null) {
      const ok = await run(
        () => contentApi.setCourseModule(course.id, null),
        translate('app.content.success.course_removed'),
        () => translate('app.content.errors.course_remove'),
      );
      if (ok) announce(translate('app.content.announce.course_unassigned', { item: course.title }));
      return ok;
    }
    const targetModule = modules.find((m) => m.id === target);
    if (!targetModule) return false;
    const ok = await run(
      () => contentApi.setCourseModule(course.id, target),
      translate(course.module_id === null ? 'app.content.success.course_assigned' : 'app.content.success.course_moved'),
      () => translate(course.module_id === null ? 'app.content.errors.course_assign' : 'app.content.errors.course_move'),
    );
    if (!ok) return false;
    const ids = targetModule.courses.map((c) => c.id).filter((id) => id !== course.id);
    const at = index === undefined ? ids.length : Math.max(0, Math.min(index, ids.length));
    ids.splice(at, 0, course.id);
    await wait(POST_MOVE_DELAY_MS);
    return reorderWithin(target, ids, course);
  };

  return {
    toggleModule,
    deleteModule,
    toggleCourse,
    deleteCourse,
    reorderModules,
    moveModule,
    reorderWithin,
    moveCourseWithin,
    fixOrder,
    moveCourse,
    containerName,
    unassignedCount: unassigned.length,
  };
}

export type ContentActions = ReturnType<typeof useContentActions>;

