import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import type { AdminUser } from 'lms-api/contract';
import { ListBase, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, isLanguage } from '../i18n/language';
import { ListPagination } from '../layout/ListPagination';
import { ListTable, type Column } from '../layout/ListTable';
import { Page } from '../layout/Page';
import { visuallyHidden } from '../layout/visuallyHidden';
import { StatsPanel } from '../stats/StatsPanel';
import { UserFilters } from './UserFilters';
import { UserProgressDialog } from './UserProgressDialog';

/** The admin list's user (lms-api contract): nickname and masked ID, never the full ID. */
export type { AdminUser };

const silent = () => undefined;

/** Spec 2 User manager: statistics, search, filters, sortable table (10 a page), progress detail. */
export function UserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const columns: Column<AdminUser>[] = [
    { source: 'nickname', label: translate('app.users.nickname'), sortable: true, render: (u) => u.nickname ?? translate('app.users.anonymous') },
    { source: 'anonymous_id', label: translate('app.users.masked_id'), render: (u) => <code>{u.anonymous_id}</code> },
    { source: 'created_at', label: translate('app.users.created_at'), sortable: true, firstOrder: 'DESC', render: (u) => formatDateTime(u.created_at, language) },
    {
      source: 'last_login',
      label: translate('app.users.last_login'),
      sortable: true,
      firstOrder: 'DESC',
      render: (u) => formatDateTime(u.last_login, language) || translate('app.common.never'),
    },
    {
      source: 'is_admin',
      label: translate('app.users.role'),
      sortable: true,
      render: (u) => <Chip size="small" variant="outlined" label={translate(u.is_admin ? 'app.users.admin' : 'app.users.learner')} />,
    },
    { source: 'courses_started', label: translate('app.users.courses_started'), sortable: true, firstOrder: 'DESC', render: (u) => u.courses_started },
    { source: 'courses_completed', label: translate('app.users.courses_completed'), sortable: true, firstOrder: 'DESC', render: (u) => u.courses_completed },
    {
      source: 'actions',
      label: translate('app.common.actions'),
      render: (u) => (
        <Button size="small" variant="outlined" onClick={() => setSelected(u)}>
          {translate('app.users.view_progress')}
          <span style={visuallyHidden}> – {u.nickname ?? u.anonymous_id}</span>
        </Button>
      ),
    },
  ];
  return (
    <Page title={translate('app.users.title')}>
      <StatsPanel />
      <ListBase<AdminUser>
        resource="users"
        perPage={10}
        sort={{ field: 'last_login', order: 'DESC' }}
        disableSyncWithLocation={false}
        queryOptions={{ onError: silent }}
      >
        <section aria-labelledby="users-heading">
          <h2 id="users-heading">{translate('app.users.list_heading')}</h2>
          <UserFilters />
          <ListTable<AdminUser>
            caption={translate('app.users.list_heading')}
            columns={columns}
            empty={translate('app.users.empty')}
            error={translate('app.users.load_error')}
          />
          <ListPagination label={translate('app.users.pagination')} />
        </section>
      </ListBase>
      <UserProgressDialog user={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
