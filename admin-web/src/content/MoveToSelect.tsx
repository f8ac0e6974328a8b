import { useId, useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../i18n/language';
import { visuallyHidden } from '../layout/visuallyHidden';
import { moduleTitle } from './naming';
import type { Course, Module } from './types';

const UNASSIGNED = 'unassigned';

/** The button alternative to dragging a course to another module or to the unassigned area. */
export function MoveToSelect({ course, modules, onMove }: { course: Course; modules: Module[]; onMove: (target: number | null) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const id = useId();
  const options = [
    ...modules.filter((m) => m.id !== course.module_id).map((m) => ({ value: String(m.id), label: moduleTitle(m, language) })),
    ...(course.module_id !== null ? [{ value: UNASSIGNED, label: translate('app.content.unassigned.title') }] : []),
  ];
  const [target, setTarget] = useState(options[0]?.value ?? '');
  if (options.length === 0) return null;
  const value = options.some((o) => o.value === target) ? target : options[0].value;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        id={id}
        label={
          <>
            {translate('app.content.move_to')}
            <span style={visuallyHidden}> – {course.title}</span>
          </>
        }
        value={value}
        onChange={(event) => setTarget(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
      <Button size="small" variant="outlined" onClick={() => onMove(value === UNASSIGNED ? null : Number(value))}>
        {translate('app.content.move')}
        <span style={visuallyHidden}> – {course.title}</span>
      </Button>
    </Box>
  );
}
