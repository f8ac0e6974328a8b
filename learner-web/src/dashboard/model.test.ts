import { describe, expect, it } from 'vitest';
import type { Course, CourseProgress, Module } from '../api/types';
import { buildCourseViews, buildModuleViews, clampPercent, initialModuleId, moduleCompletion, moduleTitle, UNASSIGNED_MODULE_ID } from './model';
import { dragDirection } from './carousel';

const course = (id: number, level: number, extra: Partial<Course> = {}): Course => ({
  id,
  title: `Course ${id}`,
  description: null,
  content_type: 'scorm',
  version: '1.2',
  language: 'en',
  level,
  module_id: 1,
  original_course_id: null,
  is_active: true,
  min_score_required: null,
  chapter_count: 1,
  settings: {},
  has_package: true,
  package_version: 1,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...extra,
});

const progress = (id: number, extra: Partial<CourseProgress> = {}): CourseProgress => ({
  id,
  title: `Course ${id}`,
  description: null,
  level: 1,
  module_id: 1,
  language: 'en',
  original_course_id: null,
  content_type: 'scorm',
  is_available: true,
  is_completed: false,
  is_in_progress: false,
  status: 'not_started',
  completion_percentage: 0,
  score: null,
  min_score_required: null,
  prerequisite_missing: null,
  last_accessed: null,
  ...extra,
});

const module = (id: number, order: number, courses: Course[], extra: Partial<Module> = {}): Module => ({
  id,
  title: `Module ${id}`,
  description: null,
  title_fr: null,
  title_de: null,
  title_lb: null,
  description_fr: null,
  description_de: null,
  description_lb: null,
  order,
  is_active: true,
  image_path: null,
  image_url: null,
  course_count: courses.length,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  courses,
  ...extra,
});

describe('percentages', () => {
  it('clamps to 0..100 and rounds', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(33.5)).toBe(34);
    expect(clampPercent(null)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('module completion is the rounded average of its courses', () => {
    expect(moduleCompletion([100, 0, 50])).toBe(50);
    expect(moduleCompletion([100, 33])).toBe(67);
    expect(moduleCompletion([120, 100])).toBe(100);
    expect(moduleCompletion([])).toBe(0);
  });
});

describe('titles', () => {
  it('uses the language title, falling back to English', () => {
    const m = module(1, 1, [], { title: 'Basics', title_fr: 'Les bases', title_lb: '  ' });
    expect(moduleTitle(m, 'fr')).toBe('Les bases');
    expect(moduleTitle(m, 'lb')).toBe('Basics');
    expect(moduleTitle(m, 'de')).toBe('Basics');
    expect(moduleTitle(m, 'en')).toBe('Basics');
  });
});

describe('course views', () => {
  it('sorts by level, reads status and percentage, locks unavailable courses', () => {
    const views = buildCourseViews(
      [course(2, 2), course(1, 1)],
      [progress(1, { status: 'completed', is_completed: true, completion_percentage: 100, score: 80 }), progress(2, { is_available: false, completion_percentage: 0 })],
      'en',
    );
    expect(views.map((view) => [view.id, view.status, view.percent, view.locked])).toEqual([
      [1, 'completed', 100, false],
      [2, 'not_started', 0, true],
    ]);
    expect(views[0].score).toBe(80);
  });

  it('without progress data only the first course is available', () => {
    const views = buildCourseViews([course(5, 1), course(6, 2), course(7, 3)], [], 'fr');
    expect(views.map((view) => view.locked)).toEqual([false, true, true]);
  });

  it('shows the translation in the learner language when there is one', () => {
    const views = buildCourseViews(
      [course(1, 1), course(9, 1, { original_course_id: 1, language: 'fr' })],
      [progress(1), progress(9, { title: 'Cours 1', language: 'fr', original_course_id: 1, status: 'in_progress', completion_percentage: 40 })],
      'fr',
    );
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ id: 9, title: 'Cours 1', status: 'in_progress', percent: 40 });
    expect(buildCourseViews([course(1, 1)], [progress(1), progress(9, { language: 'fr', original_course_id: 1 })], 'de')[0].id).toBe(1);
  });
});

describe('module views', () => {
  it('sorts modules by order and computes completion', () => {
    const views = buildModuleViews(
      [module(2, 2, [course(3, 1, { module_id: 2 })]), module(1, 1, [course(1, 1), course(2, 2)])],
      [progress(1, { completion_percentage: 100, status: 'completed' }), progress(2, { completion_percentage: 33 }), progress(3, { module_id: 2 })],
      'en',
      'Unassigned Courses',
    );
    expect(views.map((view) => [view.id, view.completion])).toEqual([
      [1, 67],
      [2, 0],
    ]);
  });

  it('uses the pseudo-module 0 when only unassigned courses exist', () => {
    const views = buildModuleViews([module(1, 1, [])], [progress(4, { module_id: null }), progress(5, { module_id: null, level: 2 })], 'en', 'Unassigned Courses');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ id: UNASSIGNED_MODULE_ID, title: 'Unassigned Courses' });
    expect(views[0].courses.map((view) => view.id)).toEqual([4, 5]);
  });

  it('selects the remembered module if it still exists, else the first', () => {
    const views = buildModuleViews([module(1, 1, [course(1, 1)]), module(2, 2, [])], [], 'en', 'x');
    expect(initialModuleId(views, '2')).toBe(2);
    expect(initialModuleId(views, '99')).toBe(1);
    expect(initialModuleId(views, null)).toBe(1);
    expect(initialModuleId([], '1')).toBeNull();
  });
});

describe('carousel drag', () => {
  it('switches slide only beyond 50 px', () => {
    expect(dragDirection(-50)).toBe(0);
    expect(dragDirection(50)).toBe(0);
    expect(dragDirection(-51)).toBe(1);
    expect(dragDirection(51)).toBe(-1);
  });
});
