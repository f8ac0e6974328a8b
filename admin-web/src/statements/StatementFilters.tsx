import { useEffect, useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

const FIELDS = ['agent', 'verb', 'activity', 'course_id', 'since', 'until'] as const;
type Field = (typeof FIELDS)[number];

/** Filter by learner, verb, activity, course and date range; applied on submit. */
export function StatementFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, typeof filterValues[f] === 'string' ? filterValues[f] : ''])) as Record<Field, string>);
  useEffect(() => {
    setValues(Object.fromEntries(FIELDS.map((f) => [f, filterValues[f] === undefined ? '' : String(filterValues[f])])) as Record<Field, string>);
  }, [filterValues]);
  const apply = () => setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('app.statements.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}
    >
      {FIELDS.map((field) => (
        <TextField
          key={field}
          id={`statement-filter-${field}`}
          size="small"
          label={translate(`app.statements.filter.${field}`)}
          type={field === 'since' || field === 'until' ? 'date' : 'text'}
          value={values[field]}
          onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          slotProps={field === 'since' || field === 'until' ? { inputLabel: { shrink: true } } : undefined}
        />
      ))}
      <Button type="submit" variant="contained">
        {translate('app.statements.apply')}
      </Button>
      <Button
        variant="outlined"
        onClick={() => {
          setFilters({});
        }}
      >
        {translate('ra.navigation.clear_filters')}
      </Button>
    </Box>
  );
}
