import { NavLink } from 'react-router-dom';
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { currentLanguage } from '../i18n/language';

export const SIDEBAR_WIDTH = 250; // spec 9 Admin sidebar width

const linkSx = {
  display: 'block',
  width: '100%',
  px: 2,
  py: 1.25,
  borderRadius: 1,
  color: '#ffffff',
  textDecoration: 'none',
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)', textDecoration: 'underline' },
  '&:focus-visible': { outline: '3px solid #ffffff', outlineOffset: 2 },
  '&.active': { backgroundColor: '#ffffff', color: '#0b2f52', fontWeight: 700 },
} as const;

/** Spec 2 Admin layout: 250 px sidebar, its title, a link back to the application and the two managers. */
export function Sidebar() {
  const translate = useTranslate();
  const items = [
    { to: '/users', label: translate('app.nav.users') },
    { to: '/content', label: translate('app.nav.content') },
    { to: '/messages', label: translate('app.nav.messages') },
    { to: '/statements', label: translate('app.nav.statements') },
    { to: '/lrs-credentials', label: translate('app.nav.credentials') },
  ];
  return (
    <Box
      component="nav"
      aria-label={translate('app.nav.label')}
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, backgroundColor: '#0b2f52', color: '#ffffff', minHeight: '100vh', p: 2 }}
    >
      <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 2 }}>
        {translate('app.nav.title')}
      </Typography>
      <Link href={`/${currentLanguage()}/learn`} sx={{ ...linkSx, mb: 2, border: '1px solid rgba(255,255,255,0.6)' }}>
        {translate('app.nav.back_to_app')}
      </Link>
      <List disablePadding>
        {items.map((item) => (
          <ListItem key={item.to} disablePadding sx={{ mb: 0.5 }}>
            <Box component={NavLink} to={item.to} sx={linkSx}>
              {item.label}
            </Box>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
