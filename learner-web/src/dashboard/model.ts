import type { Course, CourseProgress, Module, ProgressStatus } from '../api/types';
import type { Language } from '../i18n/languages';

/** Spec 4 Dashboard: the pseudo-module holding unassigned courses when only those exist. */
export const UNASSIGNED_MODULE_ID = 0;
/** Brief-web / spec 4: localStorage key of the last selected module. */
export const LAST_MODULE_KEY = 'lastSelectedModuleId';

export interface CourseView {
  /** The course actually opened: the translation in the learner's language when there is one. */
  id: number;
  title: string;
  level: number;
  status: ProgressStatus;
  percent: number;
  score: number | null;
  minScore: number | null;
  locked: boolean;
  contentType: Course['content_type'];
}

export interface ModuleView {
  id: number;
  title: string;
  description: string | null;
  order: number;
  imagePath: string | null;
  courses: CourseView[];
  /** Rounded average of the courses' percentages. */
  completion: number;
}

/** Spec 4: progress percentages are clamped to 0..100 and rounded. */
export function clampPercent(value: number | null | undefined): number {
  if (value == null || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** Spec 4: module completion is the rounded average of its courses' percentages (0 for an empty module). */
export function moduleCompletion(percents: number[]): number {
  if (percents.length === 0) return 0;
  return Math.round(percents.reduce((sum, value) => sum + clampPercent(value), 0) / percents.length);
}

/** A module's title in the interface language, falling back to the English title. */
export function moduleTitle(module: Pick<Module, 'title' | 'title_fr' | 'title_de' | 'title_lb'>, language: Language): string {
  const localised = language === 'fr' ? module.title_fr : language === 'de' ? module.title_de : language === 'lb' ? module.title_lb : null;
  return localised?.trim() ? localised : module.title;
}

export function moduleDescription(module: Pick<Module, 'description' | 'description_fr' | 'description_de' | 'description_lb'>, language: Language): string | null {
  const localised =
    language === 'fr' ? module.description_fr : language === 'de' ? module.description_de : language === 'lb' ? module.description_lb : null;
  return localised?.trim() ? localised : module.description;
}

export function progressStatus(row: Pick<CourseProgress, 'status' | 'is_completed' | 'is_in_progress'> | undefined): ProgressStatus {
  if (!row) return 'not_started';
  if (row.status) return row.status;
  return row.is_completed ? 'completed' : row.is_in_progress ? 'in_progress' : 'not_started';
}

interface CourseLike {
  id: number;
  title: string;
  level: number;
  language: Course['language'];
  original_course_id: number | null;
  content_type: Course['content_type'];
}

/**
 * One module's course list: originals sorted by level, each shown in the learner's language when a translation
 * exists (DESIGN.md 7). Without any progress data the first course is available and the others wait (spec 4).
 */
export function buildCourseViews(courses: CourseLike[], progress: CourseProgress[], language: Language): CourseView[] {
  const byId = new Map(progress.map((row) => [row.id, row]));
  const originals = courses.filter((course) => course.original_course_id == null).sort((a, b) => a.level - b.level || a.id - b.id);
  const noProgress = progress.length === 0;
  return originals.map((course, index) => {
    const translation =
      course.language === language ? undefined : progress.find((row) => row.original_course_id === course.id && row.language === language);
    const shown: CourseLike = translation ?? course;
    const row = byId.get(shown.id) ?? byId.get(course.id);
    return {
      id: shown.id,
      title: shown.title,
      level: course.level,
      status: progressStatus(row),
      percent: clampPercent(row?.completion_percentage),
      score: row?.score ?? null,
      minScore: row?.min_score_required ?? null,
      locked: noProgress ? index > 0 : row ? !row.is_available : false,
      contentType: shown.content_type,
    };
  });
}

/** Modules sorted by order with their course views; the pseudo-module 0 when only unassigned courses exist. */
export function buildModuleViews(modules: Module[], progress: CourseProgress[], language: Language, unassignedTitle: string): ModuleView[] {
  const views = [...modules]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((module) => {
      const courses = buildCourseViews(module.courses ?? [], progress, language);
      return {
        id: module.id,
        title: moduleTitle(module, language),
        description: moduleDescription(module, language),
        order: module.order,
        imagePath: module.image_path,
        courses,
        completion: moduleCompletion(courses.map((course) => course.percent)),
      };
    });
  const anyAssigned = views.some((view) => view.courses.length > 0);
  const unassigned = progress.filter((row) => row.module_id == null);
  if (!anyAssigned && unassigned.length > 0) {
    const courses = buildCourseViews(unassigned, progress, language);
    return [
      {
        id: UNASSIGNED_MODULE_ID,
        title: unassignedTitle,
        description: null,
        order: 0,
        imagePath: null,
        courses,
        completion: moduleCompletion(courses.map((course) => course.percent)),
      },
    ];
  }
  return views;
}

/** Spec 4: the last selected module if it still exists, else the first by order. */
export function initialModuleId(modules: ModuleView[], stored: string | null): number | null {
  const storedId = stored == null ? NaN : Number(stored);
  if (modules.some((module) => module.id === storedId)) return storedId;
  return modules[0]?.id ?? null;
}
