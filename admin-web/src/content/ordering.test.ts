import { describe, expect, it } from 'vitest';
import { courseOrderPayload, coursePlacement, moduleOrderPayload, moveItem, parseDragId } from './ordering';

describe('reorder payloads (spec 3: 1-based)', () => {
  it('numbers modules and courses from 1 in list order', () => {
    expect(moduleOrderPayload([7, 3, 9])).toEqual([
      { module_id: 7, order: 1 },
      { module_id: 3, order: 2 },
      { module_id: 9, order: 3 },
    ]);
    expect(courseOrderPayload([4, 2])).toEqual([
      { course_id: 4, level: 1 },
      { course_id: 2, level: 2 },
    ]);
  });
  it('moves an item without touching the original list', () => {
    const list = [1, 2, 3, 4];
    expect(moveItem(list, 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem(list, 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem(list, 1, 99)).toEqual([1, 3, 4, 2]);
    expect(list).toEqual([1, 2, 3, 4]);
  });
});

describe('parseDragId', () => {
  it('reads kinds and ids, rejects others', () => {
    expect(parseDragId('module-12')).toEqual({ kind: 'module', id: 12 });
    expect(parseDragId('course-3')).toEqual({ kind: 'course', id: 3 });
    expect(parseDragId('unassigned')).toEqual({ kind: 'unassigned' });
    expect(parseDragId('other-1')).toBeNull();
  });
});

describe('coursePlacement (spec 4 Content management)', () => {
  const modules: Record<number, { id: number }[]> = { 1: [{ id: 10 }, { id: 11 }, { id: 12 }], 2: [{ id: 20 }] };
  const moduleOf = (courseId: number) => {
    for (const [id, list] of Object.entries(modules)) if (list.some((c) => c.id === courseId)) return Number(id);
    return courseId === 30 ? null : undefined;
  };
  const coursesOf = (id: number) => modules[id] ?? [];
  it('an unassigned course dropped on unassigned does nothing', () => {
    expect(coursePlacement({ id: 30, module_id: null }, { kind: 'unassigned' }, coursesOf, moduleOf)).toBeNull();
    expect(coursePlacement({ id: 30, module_id: null }, { kind: 'course', id: 30 }, coursesOf, moduleOf)).toBeNull();
  });
  it('a course dropped on unassigned leaves its module', () => {
    expect(coursePlacement({ id: 10, module_id: 1 }, { kind: 'unassigned' }, coursesOf, moduleOf)).toEqual({ moduleId: null, index: 0 });
  });
  it('a drop on another module row appends; on a course takes its place', () => {
    expect(coursePlacement({ id: 10, module_id: 1 }, { kind: 'module', id: 2 }, coursesOf, moduleOf)).toEqual({ moduleId: 2, index: 1 });
    expect(coursePlacement({ id: 30, module_id: null }, { kind: 'course', id: 11 }, coursesOf, moduleOf)).toEqual({ moduleId: 1, index: 1 });
  });
  it('reorders within its own module, and ignores a drop on itself or its own module row', () => {
    expect(coursePlacement({ id: 10, module_id: 1 }, { kind: 'course', id: 12 }, coursesOf, moduleOf)).toEqual({ moduleId: 1, index: 2 });
    expect(coursePlacement({ id: 10, module_id: 1 }, { kind: 'course', id: 10 }, coursesOf, moduleOf)).toBeNull();
    expect(coursePlacement({ id: 10, module_id: 1 }, { kind: 'module', id: 1 }, coursesOf, moduleOf)).toBeNull();
  });
});
