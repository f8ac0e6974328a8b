import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ListBase, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { ItemButton } from '../content/ItemButton';
import { ApiError } from '../data/http';
import { API_BASE, authHeaders } from '../data/session';
import { formatDateTime, isLanguage } from '../i18n/language';
import { ListPagination } from '../layout/ListPagination';
import { ListTable, type Column } from '../layout/ListTable';
import { Page } from '../layout/Page';
import { StatementFilters } from './StatementFilters';
import { actorText, exportQuery, lrsFilter, objectText, verbText, type StatementRow } from './statementText';

const silent = () => undefined;

/** Export buttons: the download carries the bearer, so it is fetched and saved as a file. */
function ExportButtons({ onError }: { onError: (message: string) => void }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const download = async (format: 'ndjson' | 'csv') => {
    try {
      const url = `${API_BASE}/admin/lrs/statements/export?${exportQuery(format, lrsFilter(filterValues, window.location.origin))}`;
      const response = await fetch(url, { headers: authHeaders(url, 'GET') });
      if (!response.ok) throw new ApiError(response.status, null, null);
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = `statements.${format}`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(objectUrl);
    } catch {
      onError(translate('app.statements.export_error'));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
      <Button variant="outlined" onClick={() => void download('ndjson')}>
        {translate('app.statements.export_ndjson')}
      </Button>
      <Button variant="outlined" onClick={() => void download('csv')}>
        {translate('app.statements.export_csv')}
      </Button>
    </Box>
  );
}

/** xAPI statements explorer (beyond the spec): filter, read the statement JSON, export NDJSON or CSV. */
export default function StatementList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'fr';
  const [open, setOpen] = useState<StatementRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const columns: Column<StatementRow>[] = [
    { source: 'stored', label: translate('app.statements.stored'), sortable: true, firstOrder: 'DESC', render: (r) => formatDateTime(r.stored ?? r.timestamp, language) },
    { source: 'actor', label: translate('app.statements.actor'), render: (r) => actorText(r.statement) },
    { source: 'verb', label: translate('app.statements.verb'), render: (r) => verbText(r.statement, language) },
    { source: 'object', label: translate('app.statements.object'), render: (r) => objectText(r.statement, language) },
    {
      source: 'actions',
      label: translate('app.common.actions'),
      render: (r) => (
        <ItemButton label={translate('app.statements.view_json')} item={`${verbText(r.statement, language)} ${objectText(r.statement, language)}`} onClick={() => setOpen(r)} />
      ),
    },
  ];
  return (
    <Page title={translate('app.statements.title')}>
      <Box role="alert">{error ? <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>{error}</Alert> : null}</Box>
      <ListBase<StatementRow> resource="statements" perPage={20} sort={{ field: 'stored', order: 'DESC' }} queryOptions={{ onError: silent }}>
        <StatementFilters />
        <ExportButtons onError={setError} />
        <ListTable<StatementRow> caption={translate('app.statements.title')} columns={columns} empty={translate('app.statements.empty')} error={translate('app.statements.load_error')} />
        <ListPagination label={translate('app.statements.pagination')} />
      </ListBase>
      <Dialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby="statement-title" maxWidth="md" fullWidth>
        <DialogTitle id="statement-title" component="h2">
          {translate('app.statements.json_title')}
        </DialogTitle>
        <DialogContent>
          <Box component="pre" tabIndex={0} sx={{ overflow: 'auto', backgroundColor: '#f3f3f3', color: '#1a1a1a', p: 2, borderRadius: 1, fontSize: '0.8125rem' }}>
            {open ? JSON.stringify(open.statement, null, 2) : ''}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(null)}>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
