import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { ListBase, useDelete, useLocaleState, useTranslate } from 'react-admin';
import { Badge } from '../content/Badges';
import { ConfirmDialog, type ConfirmRequest } from '../content/ConfirmDialog';
import { ItemButton } from '../content/ItemButton';
import { formatDateTime, isLanguage } from '../i18n/language';
import { ListPagination } from '../layout/ListPagination';
import { ListTable, type Column } from '../layout/ListTable';
import { Page } from '../layout/Page';
import { CreateCredentialDialog } from './CreateCredentialDialog';

/** lrs/src/auth/credentials.ts Credential, with id = key (ra-data-simple-rest needs an id). */
export interface LrsCredential {
  id: string;
  label: string;
  key: string;
  secret?: string;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
}

const silent = () => undefined;

/** LRS credentials (beyond the spec): create with scopes (secret shown once), revoke. */
export default function CredentialList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [revoke] = useDelete<LrsCredential>();
  const columns: Column<LrsCredential>[] = [
    { source: 'label', label: translate('app.credentials.name') },
    { source: 'key', label: translate('app.credentials.key'), render: (c) => <code>{c.key}</code> },
    { source: 'scopes', label: translate('app.credentials.scopes'), render: (c) => c.scopes.join(', ') },
    { source: 'createdAt', label: translate('app.credentials.created_at'), render: (c) => formatDateTime(c.createdAt, language) },
    {
      source: 'status',
      label: translate('app.credentials.status'),
      render: (c) => <Badge tone={c.revokedAt ? 'inactive' : 'active'}>{translate(c.revokedAt ? 'app.credentials.revoked' : 'app.common.active')}</Badge>,
    },
    {
      source: 'actions',
      label: translate('app.common.actions'),
      render: (c) =>
        c.revokedAt ? null : (
          <ItemButton
            label={translate('app.credentials.revoke')}
            item={c.label}
            color="error"
            onClick={() =>
              setConfirm({
                title: translate('app.credentials.revoke_title'),
                message: translate('app.credentials.revoke_confirm', { name: c.label }),
                confirmLabel: translate('app.credentials.revoke'),
                onConfirm: () =>
                  void revoke(
                    'lrs-credentials',
                    { id: c.id, previousData: c },
                    {
                      mutationMode: 'pessimistic',
                      onSuccess: () => setFeedback({ ok: true, text: translate('app.credentials.revoked_ok') }),
                      onError: () => setFeedback({ ok: false, text: translate('app.credentials.revoke_error') }),
                    },
                  ),
              })
            }
          />
        ),
    },
  ];
  return (
    <Page
      title={translate('app.credentials.title')}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {translate('app.credentials.create')}
        </Button>
      }
    >
      <Box role="status">{feedback ? <Alert severity={feedback.ok ? 'success' : 'error'} sx={{ mb: 2 }}>{feedback.text}</Alert> : null}</Box>
      <ListBase<LrsCredential> resource="lrs-credentials" perPage={10} sort={{ field: 'createdAt', order: 'DESC' }} queryOptions={{ onError: silent }}>
        <ListTable<LrsCredential> caption={translate('app.credentials.title')} columns={columns} empty={translate('app.credentials.empty')} error={translate('app.credentials.load_error')} />
        <ListPagination label={translate('app.credentials.pagination')} />
        <CreateCredentialDialog open={creating} onClose={() => setCreating(false)} />
      </ListBase>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Page>
  );
}
