import { Box, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { pageWindow } from './pageWindow';

/** Previous / page numbers (a window of 5) / next, as a labelled navigation landmark. */
export function ListPagination({ label }: { label: string }) {
  const translate = useTranslate();
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || !total) return null;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mt: 2 }}>
      <p>{translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total })}</p>
      {pageCount > 1 ? (
        <nav aria-label={label}>
          <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
            <li>
              <Button variant="outlined" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={translate('ra.navigation.previous')}>
                ‹
              </Button>
            </li>
            {pageWindow(page, pageCount).map((n) => (
              <li key={n}>
                <Button
                  variant={n === page ? 'contained' : 'outlined'}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={translate('ra.navigation.page', { page: n })}
                  onClick={() => setPage(n)}
                >
                  {n}
                </Button>
              </li>
            ))}
            <li>
              <Button variant="outlined" disabled={page >= pageCount} onClick={() => setPage(page + 1)} aria-label={translate('ra.navigation.next')}>
                ›
              </Button>
            </li>
          </Box>
        </nav>
      ) : null}
    </Box>
  );
}
