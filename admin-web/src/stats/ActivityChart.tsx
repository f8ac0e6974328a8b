import { useId, useState } from 'react';
import { Box, Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, isLanguage } from '../i18n/language';
import { visuallyHidden } from '../layout/visuallyHidden';
import { linePoints, niceMax } from './chartScale';
import type { TimelinePoint } from './useStats';

const WIDTH = 560;
const HEIGHT = 180;
const SIGNUP_COLOUR = '#0b4f8a';
const COMPLETION_COLOUR = '#8a2c0b';

/**
 * Sign-ups and completions over time: a small SVG line chart (two series told apart by colour AND dash pattern,
 * WCAG 1.4.1) with the same figures as a data table one click away (WCAG 1.1.1 text alternative).
 */
export function ActivityChart({ timeline }: { timeline: TimelinePoint[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const max = niceMax(Math.max(0, ...timeline.map((p) => Math.max(p.signups, p.completions))));
  const title = translate('app.stats.chart_title');
  const first = timeline[0];
  const last = timeline[timeline.length - 1];
  return (
    <Box component="figure" sx={{ m: 0, mt: 2 }}>
      <Box component="figcaption" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Box>
      <svg
        viewBox={`-40 -10 ${WIDTH + 60} ${HEIGHT + 40}`}
        width="100%"
        style={{ maxWidth: WIDTH + 60 }}
        role="img"
        aria-label={translate('app.stats.chart_summary', {
          from: first ? formatDate(first.date, language) : '',
          to: last ? formatDate(last.date, language) : '',
          signups: timeline.reduce((s, p) => s + p.signups, 0),
          completions: timeline.reduce((s, p) => s + p.completions, 0),
        })}
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#4d4d4d" />
        <line x1={0} y1={0} x2={0} y2={HEIGHT} stroke="#4d4d4d" />
        <text x={-8} y={4} textAnchor="end" fontSize={12} fill="#1a1a1a">
          {max}
        </text>
        <text x={-8} y={HEIGHT} textAnchor="end" fontSize={12} fill="#1a1a1a">
          0
        </text>
        {first ? (
          <text x={0} y={HEIGHT + 18} fontSize={12} fill="#1a1a1a">
            {formatDate(first.date, language)}
          </text>
        ) : null}
        {last && timeline.length > 1 ? (
          <text x={WIDTH} y={HEIGHT + 18} textAnchor="end" fontSize={12} fill="#1a1a1a">
            {formatDate(last.date, language)}
          </text>
        ) : null}
        <polyline fill="none" stroke={SIGNUP_COLOUR} strokeWidth={2.5} points={linePoints(timeline.map((p) => p.signups), WIDTH, HEIGHT, max)} />
        <polyline
          fill="none"
          stroke={COMPLETION_COLOUR}
          strokeWidth={2.5}
          strokeDasharray="6 4"
          points={linePoints(timeline.map((p) => p.completions), WIDTH, HEIGHT, max)}
        />
      </svg>
      <Box component="ul" sx={{ display: 'flex', gap: 3, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        <li>
          <svg width={28} height={10} aria-hidden="true">
            <line x1={0} y1={5} x2={28} y2={5} stroke={SIGNUP_COLOUR} strokeWidth={3} />
          </svg>{' '}
          {translate('app.stats.signups')}
        </li>
        <li>
          <svg width={28} height={10} aria-hidden="true">
            <line x1={0} y1={5} x2={28} y2={5} stroke={COMPLETION_COLOUR} strokeWidth={3} strokeDasharray="6 4" />
          </svg>{' '}
          {translate('app.stats.completions_series')}
        </li>
      </Box>
      <Button size="small" sx={{ mt: 1 }} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
        {translate(showTable ? 'app.stats.hide_table' : 'app.stats.show_table')}
      </Button>
      <Box id={tableId} hidden={!showTable}>
        <table>
          <caption style={visuallyHidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('app.stats.date')}</th>
              <th scope="col">{translate('app.stats.signups')}</th>
              <th scope="col">{translate('app.stats.completions_series')}</th>
            </tr>
          </thead>
          <tbody>
            {timeline.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatDate(p.date, language)}</th>
                <td>{p.signups}</td>
                <td>{p.completions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
