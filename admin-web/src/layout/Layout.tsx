import { Suspense, useEffect, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { visuallyHidden } from './visuallyHidden';
import { AnnouncerProvider } from './Announcer';
import { Sidebar } from './Sidebar';

function SkipLink() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        ...visuallyHidden,
        '&:focus': { position: 'fixed', top: 8, left: 8, width: 'auto', height: 'auto', clip: 'auto', zIndex: 2000, p: 1.5, backgroundColor: '#ffffff', color: '#0b2f52', outline: '3px solid #0b2f52' },
      }}
    >
      {translate('app.nav.skip')}
    </Box>
  );
}

export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <span>{translate('app.common.loading')}</span>
    </Box>
  );
}

/** The console's frame: skip link, sidebar navigation and one main landmark (react-admin's AppBar is not used). */
export function Layout({ children }: { children?: ReactNode }) {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <AnnouncerProvider>
      <SkipLink />
      <Box sx={{ display: 'flex', minHeight: '100vh', backgroundColor: 'background.default' }}>
        <Sidebar />
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: 3, '&:focus': { outline: 'none' } }}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </Box>
      </Box>
    </AnnouncerProvider>
  );
}
