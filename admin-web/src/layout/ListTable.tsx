import type { ReactNode } from 'react';
import { Alert, Box, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import { nextSortOrder } from './pageWindow';
import { PageLoading } from './Layout';
import { visuallyHidden } from './visuallyHidden';

export interface Column<R> {
  /** Field name, also the sort key when sortable. */
  source: string;
  label: string;
  sortable?: boolean;
  /** Order applied on the first click (spec 9: date and login columns start descending). */
  firstOrder?: 'ASC' | 'DESC';
  render?: (record: R) => ReactNode;
}

/**
 * A plain, accessible table over react-admin's list context: a caption, sort buttons in the headers with
 * aria-sort, no row click (every action is a real button), no selection checkboxes.
 */
export function ListTable<R extends RaRecord>({
  caption,
  columns,
  empty,
  error,
}: {
  caption: string;
  columns: Column<R>[];
  empty: string;
  error: string;
}) {
  const translate = useTranslate();
  const { data, isPending, error: loadError, sort, setSort, refetch } = useListContext<R>();
  if (isPending) return <PageLoading />;
  if (loadError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            {translate('app.common.retry')}
          </Button>
        }
      >
        {error}
      </Alert>
    );
  if (!data || data.length === 0)
    return (
      <Alert severity="info" role="status">
        {empty}
      </Alert>
    );
  return (
    <TableContainer component={Box} sx={{ backgroundColor: 'background.paper', borderRadius: 1, boxShadow: 1 }}>
      <Table size="small">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = sort.field === column.source;
              const ariaSort = active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : column.sortable ? 'none' : undefined;
              return (
                <TableCell key={column.source} scope="col" aria-sort={ariaSort} sx={{ fontWeight: 700 }}>
                  {column.sortable ? (
                    <Button
                      size="small"
                      color="inherit"
                      sx={{ fontWeight: 700, px: 0.5 }}
                      onClick={() => setSort({ field: column.source, order: nextSortOrder(sort, column.source, column.firstOrder ?? 'ASC') })}
                    >
                      {column.label}
                      <span aria-hidden="true" style={{ marginLeft: 4 }}>
                        {active ? (sort.order === 'ASC' ? '▲' : '▼') : '↕'}
                      </span>
                    </Button>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((record) => (
            <TableRow key={String(record.id)}>
              {columns.map((column) => (
                <TableCell key={column.source}>{column.render ? column.render(record) : String((record as Record<string, unknown>)[column.source] ?? '')}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
