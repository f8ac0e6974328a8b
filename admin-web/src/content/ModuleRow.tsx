import { Box, Button, Typography } from '@mui/material';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../i18n/language';
import { Badge } from './Badges';
import { CourseRow, type CourseRowHandlers } from './CourseRow';
import { DragHandle } from './DragHandle';
import { ItemButton } from './ItemButton';
import { moduleDescription, moduleTitle } from './naming';
import type { Module, ModuleWithCourses } from './types';

export interface ModuleRowHandlers {
  onToggle: (module: Module) => void;
  onEdit: (module: Module) => void;
  onDelete: (module: Module) => void;
  onMove: (module: Module, delta: -1 | 1) => void;
  onFixOrder: (module: ModuleWithCourses) => void;
  onExpand: (module: Module) => void;
}

/** Spec 2: one module row and, when expanded, its description and ordered courses. */
export function ModuleRow({
  module,
  index,
  count,
  expanded,
  modules,
  translationsOf,
  handlers,
  courseHandlers,
}: {
  module: ModuleWithCourses;
  index: number;
  count: number;
  expanded: boolean;
  modules: Module[];
  translationsOf: (courseId: number) => string[];
  handlers: ModuleRowHandlers;
  courseHandlers: CourseRowHandlers;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: `module-${module.id}`,
    data: { type: 'module' },
  });
  const title = moduleTitle(module, language);
  const description = moduleDescription(module, language);
  const panelId = `module-panel-${module.id}`;
  const courseOver = isOver && active?.data.current?.type === 'course';
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid={`module-${module.id}`}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
        border: courseOver ? '3px dashed #0b4f8a' : '1px solid #9e9e9e',
        borderRadius: 1,
        p: 2,
        mb: 2,
        backgroundColor: '#ffffff',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <DragHandle ref={setActivatorNodeRef} label={translate('app.content.drag_module', { item: title })} {...attributes} {...listeners} />
        {module.image_path ? (
          <Box component="img" src={module.image_url ?? `/api/v1/content/${module.image_path}`} alt="" sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }} />
        ) : (
          <Box aria-hidden="true" sx={{ width: 48, height: 48, borderRadius: 1, backgroundColor: '#dfe3e8', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
            {title.charAt(0).toUpperCase()}
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography component="h3" sx={{ fontSize: '1.125rem', fontWeight: 700, m: 0 }}>
            {translate('app.content.module_heading', { position: module.order, title })}
          </Typography>
          <Typography component="p" sx={{ m: 0, color: 'text.secondary' }}>
            {translate('app.content.course_count', { smart_count: module.courses.length })}
          </Typography>
        </Box>
        <Badge tone={module.is_active ? 'active' : 'inactive'}>{translate(module.is_active ? 'app.common.active' : 'app.common.inactive')}</Badge>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <ItemButton label={translate('ra.action.move_up')} item={title} disabled={index === 0} onClick={() => handlers.onMove(module, -1)} />
        <ItemButton label={translate('ra.action.move_down')} item={title} disabled={index >= count - 1} onClick={() => handlers.onMove(module, 1)} />
        <ItemButton
          label={translate(module.is_active ? 'app.content.deactivate' : 'app.content.activate')}
          item={title}
          onClick={() => handlers.onToggle(module)}
        />
        <ItemButton label={translate('ra.action.edit')} item={title} onClick={() => handlers.onEdit(module)} />
        <ItemButton label={translate('ra.action.delete')} item={title} color="error" onClick={() => handlers.onDelete(module)} />
        <ItemButton
          label={translate(expanded ? 'app.content.collapse' : 'app.content.expand')}
          item={title}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => handlers.onExpand(module)}
        />
      </Box>
      <Box id={panelId} hidden={!expanded} sx={{ mt: 2 }}>
        {expanded ? (
          <>
            {description ? <Typography sx={{ mb: 1 }}>{description}</Typography> : null}
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography component="p" sx={{ fontWeight: 700 }}>
                {translate('app.content.courses_header')}
              </Typography>
              <Button size="small" variant="outlined" disabled={module.courses.length === 0} onClick={() => handlers.onFixOrder(module)}>
                {translate('app.content.fix_order')}
              </Button>
            </Box>
            <SortableContext items={module.courses.map((c) => `course-${c.id}`)} strategy={verticalListSortingStrategy}>
              {module.courses.length === 0 ? (
                <Typography sx={{ p: 2, border: '2px dashed #9e9e9e', borderRadius: 1 }}>{translate('app.content.empty_module')}</Typography>
              ) : (
                <Box component="ol" sx={{ p: 0, m: 0 }}>
                  {module.courses.map((course, i) => (
                    <CourseRow
                      key={course.id}
                      course={course}
                      index={i}
                      count={module.courses.length}
                      modules={modules}
                      translations={translationsOf(course.id)}
                      handlers={courseHandlers}
                      headingLevel="h4"
                    />
                  ))}
                </Box>
              )}
            </SortableContext>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
