import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, isLanguage } from '../i18n/language';
import { PageLoading } from '../layout/Layout';
import { visuallyHidden } from '../layout/visuallyHidden';
import { useUserProgress } from './useUserProgress';
import type { AdminUser } from './UserList';
import { userLabel } from './userLabel';

/** Spec 2 User manager: the per-user progress detail, as a modal dialog. */
export function UserProgressDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const { data, isPending, error, refetch } = useUserProgress(user?.id ?? null);
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby="user-progress-title" maxWidth="md" fullWidth>
      <DialogTitle id="user-progress-title" component="h2">
        {user ? translate('app.users.progress_title', { user: userLabel(user, translate) }) : ''}
      </DialogTitle>
      <DialogContent>
        {isPending ? (
          <PageLoading />
        ) : error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void refetch()}>
                {translate('app.common.retry')}
              </Button>
            }
          >
            {translate('app.users.progress_error')}
          </Alert>
        ) : !data || data.length === 0 ? (
          <Alert severity="info">{translate('app.users.progress_empty')}</Alert>
        ) : (
          <Table size="small">
            <caption style={visuallyHidden}>{translate('app.users.progress_caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate('app.users.progress.course')}</TableCell>
                <TableCell scope="col">{translate('app.users.progress.status')}</TableCell>
                <TableCell scope="col">{translate('app.users.progress.completion')}</TableCell>
                <TableCell scope="col">{translate('app.users.progress.score')}</TableCell>
                <TableCell scope="col">{translate('app.users.progress.last_accessed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row, index) => {
                const percent = Math.max(0, Math.min(100, Math.round(row.completion_percentage ?? 0)));
                return (
                  <TableRow key={row.course_id ?? index}>
                    <TableCell>{row.title}</TableCell>
                    <TableCell>{translate(`app.users.status.${row.status}`)}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      <LinearProgress
                        variant="determinate"
                        value={percent}
                        aria-label={translate('app.users.progress.completion_of', { title: row.title })}
                        sx={{ mb: 0.5 }}
                      />
                      {percent}%
                    </TableCell>
                    <TableCell>{row.score === null || row.score === undefined ? translate('app.common.none') : `${Math.round(row.score)}`}</TableCell>
                    <TableCell>{formatDateTime(row.last_accessed, language) || translate('app.common.never')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
