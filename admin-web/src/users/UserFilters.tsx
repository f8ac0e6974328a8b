import { useEffect, useState } from 'react';
import { Box, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Search (nickname or masked ID), role and activity filters (spec 2 User manager; active = login within 30 days). */
export function UserFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [search, setSearch] = useState<string>(typeof filterValues.q === 'string' ? filterValues.q : '');
  const role = typeof filterValues.is_admin === 'boolean' ? String(filterValues.is_admin) : 'all';
  const activity = typeof filterValues.active === 'boolean' ? String(filterValues.active) : 'all';

  // Typing filters after a short pause, so each keystroke does not reload the table.
  useEffect(() => {
    const handle = window.setTimeout(() => {
      const current = typeof filterValues.q === 'string' ? filterValues.q : '';
      if (search.trim() === current) return;
      const next = { ...filterValues };
      if (search.trim()) next.q = search.trim();
      else delete next.q;
      setFilters(next);
    }, 300);
    return () => window.clearTimeout(handle);
  }, [search, filterValues, setFilters]);

  const setBoolean = (key: 'is_admin' | 'active', value: string) => {
    const next = { ...filterValues };
    if (value === 'all') delete next[key];
    else next[key] = value === 'true';
    setFilters(next);
  };

  return (
    <Box component="search" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <TextField
        id="user-search"
        label={translate('app.users.search')}
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ minWidth: 260 }}
      />
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id="user-role-label">{translate('app.users.role')}</InputLabel>
        <Select labelId="user-role-label" label={translate('app.users.role')} value={role} onChange={(e) => setBoolean('is_admin', e.target.value)}>
          <MenuItem value="all">{translate('app.users.all')}</MenuItem>
          <MenuItem value="true">{translate('app.users.admins')}</MenuItem>
          <MenuItem value="false">{translate('app.users.learners')}</MenuItem>
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id="user-activity-label">{translate('app.users.activity')}</InputLabel>
        <Select labelId="user-activity-label" label={translate('app.users.activity')} value={activity} onChange={(e) => setBoolean('active', e.target.value)}>
          <MenuItem value="all">{translate('app.users.all')}</MenuItem>
          <MenuItem value="true">{translate('app.users.active')}</MenuItem>
          <MenuItem value="false">{translate('app.users.inactive')}</MenuItem>
        </Select>
      </FormControl>
    </Box>
  );
}
