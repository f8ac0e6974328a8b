import { Box, Typography } from '@mui/material';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../layout/visuallyHidden';
import { Badge } from './Badges';
import { DragHandle } from './DragHandle';
import { ItemButton } from './ItemButton';
import { MoveToSelect } from './MoveToSelect';
import { minScoreLabel } from './naming';
import type { Course, Module } from './types';

export interface CourseRowHandlers {
  onEdit: (course: Course) => void;
  onUpdatePackage: (course: Course) => void;
  onToggle: (course: Course) => void;
  onDelete: (course: Course) => void;
  onMove: (course: Course, target: number | null) => void;
  onMoveWithin: (course: Course, delta: -1 | 1) => void;
}

/** Spec 2: a course row, in a module (with its place) or in the unassigned area (with level and minimum score). */
export function CourseRow({
  course,
  index,
  count,
  modules,
  translations,
  handlers,
  headingLevel,
}: {
  headingLevel: 'h3' | 'h4';
  course: Course;
  index: number;
  count: number;
  modules: Module[];
  /** Languages of this course's translations (itself included). */
  translations: string[];
  handlers: CourseRowHandlers;
}) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: `course-${course.id}`,
    data: { type: 'course' },
  });
  const inModule = course.module_id !== null;
  const titleId = `course-title-${course.id}`;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid={`course-${course.id}`}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
        border: '1px solid #c4c4c4',
        borderRadius: 1,
        p: 1.5,
        mb: 1,
        backgroundColor: '#ffffff',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <DragHandle
          ref={setActivatorNodeRef}
          label={translate('app.content.drag_course', { item: course.title })}
          {...attributes}
          {...listeners}
        />
        <Typography component={headingLevel} id={titleId} sx={{ fontWeight: 600, fontSize: '1rem', m: 0 }}>
          {course.title}
        </Typography>
        <Badge tone="info">{course.content_type.toUpperCase()}</Badge>
        <Badge>
          {translate('app.content.badge.language')} {course.language.toUpperCase()}
        </Badge>
        {translations.length > 1 ? (
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <span style={visuallyHidden}>{translate('app.content.badge.translations')}</span>
            {translations.map((language) => (
              <Badge key={language}>{language.toUpperCase()}</Badge>
            ))}
          </Box>
        ) : null}
        <Badge>{translate('app.content.badge.level', { level: course.level })}</Badge>
        <Badge>
          {translate('app.content.badge.min_score', { score: minScoreLabel(course.min_score_required) ?? translate('app.common.none') })}
        </Badge>
        <Badge tone={course.is_active ? 'active' : 'inactive'}>{translate(course.is_active ? 'app.common.active' : 'app.common.inactive')}</Badge>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
        {inModule ? (
          <>
            <ItemButton label={translate('ra.action.move_up')} item={course.title} disabled={index === 0} onClick={() => handlers.onMoveWithin(course, -1)} />
            <ItemButton
              label={translate('ra.action.move_down')}
              item={course.title}
              disabled={index >= count - 1}
              onClick={() => handlers.onMoveWithin(course, 1)}
            />
          </>
        ) : null}
        <ItemButton label={translate('ra.action.edit')} item={course.title} onClick={() => handlers.onEdit(course)} />
        <ItemButton label={translate('app.content.update_package')} item={course.title} onClick={() => handlers.onUpdatePackage(course)} />
        <ItemButton
          label={translate(course.is_active ? 'app.content.deactivate' : 'app.content.activate')}
          item={course.title}
          onClick={() => handlers.onToggle(course)}
        />
        {inModule ? (
          <ItemButton label={translate('app.content.remove_from_module')} item={course.title} onClick={() => handlers.onMove(course, null)} />
        ) : null}
        <ItemButton label={translate('ra.action.delete')} item={course.title} color="error" onClick={() => handlers.onDelete(course)} />
        <MoveToSelect course={course} modules={modules} onMove={(target) => handlers.onMove(course, target)} />
      </Box>
    </Box>
  );
}
