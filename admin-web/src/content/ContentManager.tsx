import { useCallback, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../i18n/language';
import { PageLoading } from '../layout/Layout';
import { Page } from '../layout/Page';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { ContentBoard } from './ContentBoard';
import { CourseFormDialog } from './CourseFormDialog';
import { HelpBox } from './HelpBox';
import { ModuleFormDialog } from './ModuleFormDialog';
import { moduleTitle } from './naming';
import { PackageUpdateDialog } from './PackageUpdateDialog';
import type { Course, Module } from './types';
import { useContent, useTimedMessage } from './useContent';
import { useContentActions } from './useContentActions';

/** Spec 9: success banner time-out. */
const SUCCESS_BANNER_MS = 3000;

type Modal = { kind: 'module'; module: Module | null } | { kind: 'course'; course: Course | null } | { kind: 'package'; course: Course } | null;

/** Spec 2 Content manager (/admin/content). */
export default function ContentManager() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const content = useContent();
  const [success, setSuccess] = useTimedMessage(SUCCESS_BANNER_MS);
  const [error, setError] = useState<string | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const actions = useContentActions({ modules: content.modules, unassigned: content.unassigned, reload: content.reload, setSuccess, setError });

  const closeModal = useCallback(() => setModal(null), []);
  // A deleted row takes its focused button with it: focus goes back to the page, not to nowhere (WCAG 2.4.3).
  const afterDelete = (done: Promise<boolean>) =>
    void done.then(() => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById('main-content')?.focus();
    });
  const saved = useCallback(
    (message: string) => {
      setError(null);
      setSuccess(message);
      void content.reload();
    },
    [content, setSuccess],
  );

  const loadError = content.modulesError
    ? translate('app.content.errors.load_modules')
    : content.coursesError
      ? translate('app.content.errors.load_courses')
      : null;
  // Spec 2: the error banner is hidden while the module form or the package modal is open.
  const bannerHidden = modal?.kind === 'module' || modal?.kind === 'package';
  const shownError = bannerHidden ? null : (error ?? loadError);

  return (
    <Page
      title={translate('app.content.title')}
      actions={
        <>
          <Button variant="contained" onClick={() => setModal({ kind: 'course', course: null })}>
            {translate('app.content.add_course')}
          </Button>
          <Button variant="contained" color="secondary" onClick={() => setModal({ kind: 'module', module: null })}>
            {translate('app.content.add_module')}
          </Button>
        </>
      }
    >
      <Box role="alert" sx={{ mb: shownError ? 2 : 0 }}>
        {shownError ? (
          <Alert severity="error" onClose={() => setError(null)} slotProps={{ closeButton: { title: translate('ra.action.close'), 'aria-label': translate('ra.action.close') } }}>
            {shownError}
          </Alert>
        ) : null}
      </Box>
      <Box role="status" sx={{ mb: success ? 2 : 0 }}>
        {success ? <Alert severity="success">{success}</Alert> : null}
      </Box>
      {content.isPending ? (
        <PageLoading />
      ) : (
        <ContentBoard
          modules={content.modules}
          unassigned={content.unassigned}
          allCourses={content.allCourses}
          actions={actions}
          moduleHandlers={{
            onToggle: (m) => void actions.toggleModule(m),
            onEdit: (m) => setModal({ kind: 'module', module: m }),
            onDelete: (m) =>
              setConfirm({
                title: translate('app.content.confirm.delete_module_title'),
                message: translate('app.content.confirm.delete_module', { title: moduleTitle(m, language) }),
                confirmLabel: translate('ra.action.delete'),
                onConfirm: () => afterDelete(actions.deleteModule(m)),
              }),
            onMove: (m, delta) => void actions.moveModule(m, delta),
            onFixOrder: (m) => void actions.fixOrder(m),
          }}
          courseHandlers={{
            onEdit: (c) => setModal({ kind: 'course', course: c }),
            onUpdatePackage: (c) => setModal({ kind: 'package', course: c }),
            onToggle: (c) => void actions.toggleCourse(c),
            onDelete: (c) =>
              setConfirm({
                title: translate('app.content.confirm.delete_course_title'),
                message: translate('app.content.confirm.delete_course', { title: c.title }),
                confirmLabel: translate('ra.action.delete'),
                onConfirm: () => afterDelete(actions.deleteCourse(c)),
              }),
            onMove: (c, target) => void actions.moveCourse(c, target),
            onMoveWithin: (c, delta) => void actions.moveCourseWithin(c, delta),
          }}
        />
      )}
      <HelpBox />
      <ModuleFormDialog open={modal?.kind === 'module'} module={modal?.kind === 'module' ? modal.module : null} onClose={closeModal} onSaved={saved} />
      <CourseFormDialog
        open={modal?.kind === 'course'}
        course={modal?.kind === 'course' ? modal.course : null}
        modules={content.modules}
        onClose={closeModal}
        onSaved={saved}
      />
      <PackageUpdateDialog course={modal?.kind === 'package' ? modal.course : null} onClose={closeModal} onSaved={saved} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Page>
  );
}
