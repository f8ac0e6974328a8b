import { Alert, Box, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../layout/visuallyHidden';
import { ActivityChart } from './ActivityChart';
import { mergeTimeline, STAT_KEYS, useStats } from './useStats';

/** Spec 2 User manager statistics: counters, the activity chart and per-course figures. */
export function StatsPanel() {
  const translate = useTranslate();
  const { data, isPending, error } = useStats();
  return (
    <Paper component="section" aria-labelledby="stats-heading" sx={{ p: 2, mb: 3 }}>
      <h2 id="stats-heading" style={{ marginTop: 0 }}>
        {translate('app.stats.title')}
      </h2>
      {isPending ? (
        <p role="status">{translate('app.common.loading')}</p>
      ) : error || !data ? (
        <Alert severity="error">{translate('app.stats.load_error')}</Alert>
      ) : (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2, m: 0 }}>
            {STAT_KEYS.map((key) => (
              <Box key={key} sx={{ border: '1px solid #c4c4c4', borderRadius: 1, p: 1.5 }}>
                <Box component="dt" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
                  {translate(`app.stats.${key}`)}
                </Box>
                <Box component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }} data-testid={`stat-${key}`}>
                  {data.totals[key]}
                </Box>
              </Box>
            ))}
          </Box>
          <ActivityChart timeline={mergeTimeline(data.signups_per_day, data.completions_per_day)} />
          {data.courses.length > 0 ? (
            <Table size="small" sx={{ mt: 2 }}>
              <caption style={visuallyHidden}>{translate('app.stats.per_course')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{translate('app.users.progress.course')}</TableCell>
                  <TableCell scope="col">{translate('app.stats.started')}</TableCell>
                  <TableCell scope="col">{translate('app.stats.completed')}</TableCell>
                  <TableCell scope="col">{translate('app.stats.average_score')}</TableCell>
                  <TableCell scope="col">{translate('app.stats.average_completion')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.courses.map((course) => (
                  <TableRow key={course.course_id}>
                    <TableCell component="th" scope="row">
                      {course.title} ({course.language.toUpperCase()})
                    </TableCell>
                    <TableCell>{course.started}</TableCell>
                    <TableCell>{course.completed}</TableCell>
                    <TableCell>{course.average_score === null ? translate('app.common.none') : Math.round(course.average_score)}</TableCell>
                    <TableCell>{Math.round(course.average_completion)}%</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </>
      )}
    </Paper>
  );
}
