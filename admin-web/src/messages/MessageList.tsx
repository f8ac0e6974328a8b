import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ContactMessage } from 'lms-api/contract';
import { ListBase, useDelete, useLocaleState, useTranslate } from 'react-admin';
import { ConfirmDialog, type ConfirmRequest } from '../content/ConfirmDialog';
import { ItemButton } from '../content/ItemButton';
import { formatDateTime, isLanguage } from '../i18n/language';
import { ListPagination } from '../layout/ListPagination';
import { ListTable, type Column } from '../layout/ListTable';
import { Page } from '../layout/Page';


const silent = () => undefined;

/** Contact-form messages (beyond the spec): list, read, delete. */
export default function MessageList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [deleteOne] = useDelete<ContactMessage>();
  const name = (m: ContactMessage) => `${m.first_name} ${m.last_name}`;
  const remove = (m: ContactMessage) =>
    setConfirm({
      title: translate('app.messages.delete_title'),
      message: translate('app.messages.delete_confirm', { name: name(m) }),
      confirmLabel: translate('ra.action.delete'),
      onConfirm: () =>
        void deleteOne(
          'messages',
          { id: m.id, previousData: m },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => setFeedback({ ok: true, text: translate('app.messages.deleted') }),
            onError: () => setFeedback({ ok: false, text: translate('app.messages.delete_error') }),
          },
        ),
    });
  const columns: Column<ContactMessage>[] = [
    { source: 'created_at', label: translate('app.messages.date'), sortable: true, firstOrder: 'DESC', render: (m) => formatDateTime(m.created_at, language) },
    { source: 'last_name', label: translate('app.messages.name'), sortable: true, render: name },
    { source: 'email', label: translate('app.messages.email'), sortable: true, render: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
    { source: 'message', label: translate('app.messages.message'), render: (m) => (m.message.length > 80 ? `${m.message.slice(0, 80)}…` : m.message) },
    {
      source: 'actions',
      label: translate('app.common.actions'),
      render: (m) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <ItemButton label={translate('ra.action.show')} item={name(m)} onClick={() => setOpen(m)} />
          <ItemButton label={translate('ra.action.delete')} item={name(m)} color="error" onClick={() => remove(m)} />
        </Box>
      ),
    },
  ];
  return (
    <Page title={translate('app.messages.title')}>
      <Box role="status">{feedback ? <Alert severity={feedback.ok ? 'success' : 'error'} sx={{ mb: 2 }}>{feedback.text}</Alert> : null}</Box>
      <ListBase<ContactMessage> resource="messages" perPage={10} sort={{ field: 'created_at', order: 'DESC' }} queryOptions={{ onError: silent }}>
        <ListTable<ContactMessage> caption={translate('app.messages.title')} columns={columns} empty={translate('app.messages.empty')} error={translate('app.messages.load_error')} />
        <ListPagination label={translate('app.messages.pagination')} />
      </ListBase>
      <Dialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby="message-title" maxWidth="sm" fullWidth>
        <DialogTitle id="message-title" component="h2">
          {open ? translate('app.messages.from', { name: name(open) }) : ''}
        </DialogTitle>
        <DialogContent>
          {open ? (
            <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 700 }, '& dd': { m: 0, mb: 1.5, whiteSpace: 'pre-wrap' } }}>
              <dt>{translate('app.messages.date')}</dt>
              <dd>{formatDateTime(open.created_at, language)}</dd>
              <dt>{translate('app.messages.email')}</dt>
              <dd>{open.email}</dd>
              <dt>{translate('app.messages.phone')}</dt>
              <dd>{open.phone || translate('app.common.none')}</dd>
              <dt>{translate('app.messages.message')}</dt>
              <dd>{open.message}</dd>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(null)}>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Page>
  );
}
