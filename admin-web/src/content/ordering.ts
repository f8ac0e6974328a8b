/** Moves one item of a list to a new index; a pure copy (the dnd-kit arrayMove contract). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice();
  if (from < 0 || from >= copy.length) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}

/** Spec 3 Reorder payloads: modules as module_id with a 1-based order. */
export function moduleOrderPayload(ids: readonly number[]): { module_id: number; order: number }[] {
  return ids.map((id, index) => ({ module_id: id, order: index + 1 }));
}

/** Spec 3 Reorder payloads: courses as course_id with a 1-based level. */
export function courseOrderPayload(ids: readonly number[]): { course_id: number; level: number }[] {
  return ids.map((id, index) => ({ course_id: id, level: index + 1 }));
}

/** Draggable ids: modules and courses share one DndContext, so their ids carry the kind. */
export type DragId = `module-${number}` | `course-${number}` | 'unassigned';

export function parseDragId(id: string | number): { kind: 'module' | 'course'; id: number } | { kind: 'unassigned' } | null {
  const text = String(id);
  if (text === 'unassigned') return { kind: 'unassigned' };
  const match = /^(module|course)-(\d+)$/.exec(text);
  return match ? { kind: match[1] as 'module' | 'course', id: Number(match[2]) } : null;
}

export interface CoursePlacement {
  /** Target module, or null for the unassigned area. */
  moduleId: number | null;
  /** Index inside the target module's course list (ignored for unassigned). */
  index: number;
}

/**
 * Where a dragged course lands (spec 4 Content management): on a module row -> end of that module; on a course
 * -> that course's module at that course's place; on the unassigned area or an unassigned course -> unassigned.
 * Returns null when nothing changes (an unassigned course dropped on unassigned does nothing).
 */
export function coursePlacement(
  course: { id: number; module_id: number | null },
  over: { kind: 'module'; id: number } | { kind: 'course'; id: number } | { kind: 'unassigned' },
  coursesOf: (moduleId: number) => readonly { id: number }[],
  moduleOfCourse: (courseId: number) => number | null | undefined,
): CoursePlacement | null {
  if (over.kind === 'unassigned') return course.module_id === null ? null : { moduleId: null, index: 0 };
  if (over.kind === 'module') {
    if (course.module_id === over.id) return null;
    return { moduleId: over.id, index: coursesOf(over.id).length };
  }
  const target = moduleOfCourse(over.id);
  if (target === undefined) return null;
  if (target === null) return course.module_id === null ? null : { moduleId: null, index: 0 };
  const list = coursesOf(target);
  const index = list.findIndex((c) => c.id === over.id);
  if (target === course.module_id) {
    const from = list.findIndex((c) => c.id === course.id);
    return from === index ? null : { moduleId: target, index };
  }
  return { moduleId: target, index: index < 0 ? list.length : index };
}
