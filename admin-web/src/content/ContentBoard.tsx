import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../i18n/language';
import { CourseRow, type CourseRowHandlers } from './CourseRow';
import { ModuleRow, type ModuleRowHandlers } from './ModuleRow';
import { moduleTitle } from './naming';
import { coursePlacement, moveItem, parseDragId } from './ordering';
import type { Course, ModuleWithCourses } from './types';
import type { ContentActions } from './useContentActions';

/**
 * Modules and courses share one drag context: a module only sorts among modules; a course can land on a
 * course (its place), a module row (end of that module) or the unassigned area.
 */
const collisionDetection: CollisionDetection = (args) => {
  const activeKind = parseDragId(args.active.id)?.kind;
  const droppableContainers = args.droppableContainers.filter((container) => {
    const kind = parseDragId(container.id)?.kind;
    return activeKind === 'module' ? kind === 'module' : kind !== undefined;
  });
  const filtered = { ...args, droppableContainers };
  if (activeKind === 'course' && args.pointerCoordinates) {
    // Course rows sit inside module rows: the innermost (a course) wins over its module.
    const hits = pointerWithin(filtered);
    const rank = (id: string | number) => (parseDragId(id)?.kind === 'course' ? 0 : 1);
    if (hits.length) return hits.slice().sort((a, b) => rank(a.id) - rank(b.id));
  }
  return closestCenter(filtered);
};

function UnassignedArea({ children, empty }: { children: React.ReactNode; empty: boolean }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: 'unassigned', data: { type: 'unassigned' } });
  const highlight = isOver && active?.data.current?.type === 'course';
  return (
    <Box
      ref={setNodeRef}
      data-testid="unassigned-area"
      sx={{ border: highlight ? '3px dashed #0b4f8a' : '2px dashed #9e9e9e', borderRadius: 1, p: 2, minHeight: empty ? 80 : undefined, backgroundColor: '#fafafa' }}
    >
      {children}
    </Box>
  );
}

export function ContentBoard({
  modules,
  unassigned,
  allCourses,
  actions,
  moduleHandlers,
  courseHandlers,
}: {
  modules: ModuleWithCourses[];
  unassigned: Course[];
  allCourses: Course[];
  actions: ContentActions;
  moduleHandlers: Omit<ModuleRowHandlers, 'onExpand'>;
  courseHandlers: CourseRowHandlers;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  // Spec 2: expanded state is kept per module.
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const courseById = useMemo(() => new Map(allCourses.map((c) => [c.id, c])), [allCourses]);
  const moduleById = useMemo(() => new Map(modules.map((m) => [m.id, m])), [modules]);
  const translationsOf = (courseId: number): string[] => {
    const course = courseById.get(courseId);
    if (!course) return [];
    const originalId = course.original_course_id ?? course.id;
    const family = allCourses.filter((c) => c.id === originalId || c.original_course_id === originalId);
    return [...new Set(family.map((c) => c.language))];
  };

  const nameOf = (id: string | number): string => {
    const parsed = parseDragId(id);
    if (!parsed) return '';
    if (parsed.kind === 'unassigned') return translate('app.content.unassigned.title');
    if (parsed.kind === 'module') {
      const module = moduleById.get(parsed.id);
      return module ? moduleTitle(module, language) : '';
    }
    return courseById.get(parsed.id)?.title ?? '';
  };

  const positionText = (activeId: string | number, overId: string | number): string => {
    const a = parseDragId(activeId);
    const o = parseDragId(overId);
    if (!a || !o || a.kind === 'unassigned') return '';
    if (a.kind === 'module' && o.kind === 'module') {
      const index = modules.findIndex((m) => m.id === o.id);
      return translate('app.content.announce.position', { position: index + 1, total: modules.length, container: translate('app.content.modules_title') });
    }
    if (a.kind === 'course') {
      if (o.kind === 'unassigned') return translate('app.content.announce.over_unassigned');
      if (o.kind === 'module') return translate('app.content.announce.over_module', { container: nameOf(overId) });
      const course = courseById.get(o.id);
      if (!course) return '';
      const list = course.module_id === null ? unassigned : (moduleById.get(course.module_id)?.courses ?? []);
      return translate('app.content.announce.position', {
        position: list.findIndex((c) => c.id === o.id) + 1,
        total: list.length,
        container: actions.containerName(course.module_id),
      });
    }
    return '';
  };

  // dnd-kit's live region speaks these, in the console's language (WCAG 4.1.3).
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.content.announce.picked_up', { item: nameOf(active.id) }),
    // Over itself (the first event after lifting) says nothing, so the "picked up" message is heard.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? `${nameOf(active.id)}: ${positionText(active.id, over.id)}`
          : translate('app.content.announce.no_target', { item: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? translate('app.content.announce.dropped', { item: nameOf(active.id), where: positionText(active.id, over.id) }) : translate('app.content.announce.cancelled', { item: nameOf(active.id) }),
    onDragCancel: ({ active }) => translate('app.content.announce.cancelled', { item: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const a = parseDragId(active.id);
    const o = parseDragId(over.id);
    if (!a || !o || a.kind === 'unassigned') return;
    if (a.kind === 'module') {
      if (o.kind !== 'module' || o.id === a.id) return;
      const ids = modules.map((m) => m.id);
      const module = moduleById.get(a.id);
      if (module) void actions.reorderModules(moveItem(ids, ids.indexOf(a.id), ids.indexOf(o.id)), module);
      return;
    }
    const course = courseById.get(a.id);
    if (!course) return;
    const placement = coursePlacement(
      course,
      o,
      (moduleId) => moduleById.get(moduleId)?.courses ?? [],
      (courseId) => (courseById.has(courseId) ? (courseById.get(courseId)?.module_id ?? null) : undefined),
    );
    if (!placement) return;
    if (placement.moduleId !== null && placement.moduleId === course.module_id) {
      const ids = (moduleById.get(placement.moduleId)?.courses ?? []).map((c) => c.id);
      void actions.reorderWithin(placement.moduleId, moveItem(ids, ids.indexOf(course.id), placement.index), course);
      return;
    }
    void actions.moveCourse(course, placement.moduleId, placement.index);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate('app.content.announce.instructions') } }}
    >
      <Box component="section" aria-labelledby="modules-heading" sx={{ mb: 4 }}>
        <Typography variant="h5" component="h2" id="modules-heading" sx={{ mb: 2 }}>
          {translate('app.content.modules_title')}
        </Typography>
        {modules.length === 0 ? (
          <Typography>{translate('app.content.no_modules')}</Typography>
        ) : (
          <SortableContext items={modules.map((m) => `module-${m.id}`)} strategy={verticalListSortingStrategy}>
            <Box component="ol" sx={{ p: 0, m: 0 }}>
              {modules.map((module, index) => (
                <ModuleRow
                  key={module.id}
                  module={module}
                  index={index}
                  count={modules.length}
                  expanded={!!expanded[module.id]}
                  modules={modules}
                  translationsOf={translationsOf}
                  handlers={{ ...moduleHandlers, onExpand: (m) => setExpanded((e) => ({ ...e, [m.id]: !e[m.id] })) }}
                  courseHandlers={courseHandlers}
                />
              ))}
            </Box>
          </SortableContext>
        )}
      </Box>
      <Box component="section" aria-labelledby="unassigned-heading" sx={{ mb: 4 }}>
        <Typography variant="h5" component="h2" id="unassigned-heading" sx={{ mb: 2 }}>
          {translate('app.content.unassigned.title')}
        </Typography>
        <UnassignedArea empty={unassigned.length === 0}>
          <SortableContext items={unassigned.map((c) => `course-${c.id}`)} strategy={verticalListSortingStrategy}>
            {unassigned.length === 0 ? (
              <Typography>{translate('app.content.unassigned.empty')}</Typography>
            ) : (
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {unassigned.map((course, i) => (
                  <CourseRow
                    key={course.id}
                    course={course}
                    index={i}
                    count={unassigned.length}
                    modules={modules}
                    translations={translationsOf(course.id)}
                    handlers={courseHandlers}
                    headingLevel="h3"
                  />
                ))}
              </Box>
            )}
          </SortableContext>
        </UnassignedArea>
      </Box>
    </DndContext>
  );
}
