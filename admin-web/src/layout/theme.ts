import { createTheme } from '@mui/material/styles';

/**
 * Colours chosen for WCAG 2.2 AA contrast (>= 4.5:1 on white for text, >= 3:1 for focus and borders); react-admin's
 * default palette fails several of these, hence a theme of our own.
 */
/** Reduced motion respected (DESIGN.md 9, WCAG 2.3.3): no fades or slides when the person asks for none. */
const reduceMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const still = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

export const theme = createTheme({
  ...(reduceMotion ? { transitions: { duration: still, create: () => 'none' } } : {}),
  palette: {
    mode: 'light',
    primary: { main: '#0b4f8a', contrastText: '#ffffff' },
    secondary: { main: '#4a2c7a', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    success: { main: '#1e6b34', contrastText: '#ffffff' },
    warning: { main: '#8a4b00', contrastText: '#ffffff' },
    info: { main: '#0b5d7a', contrastText: '#ffffff' },
    text: { primary: '#1a1a1a', secondary: '#4d4d4d' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: {
      styleOverrides: {
        root: {
          textTransform: 'none',
          minHeight: 36,
          '&.Mui-focusVisible': { outline: '3px solid #1a1a1a', outlineOffset: 2 },
        },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #1a1a1a', outlineOffset: 2 } } },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiAlert: {
      styleOverrides: {
        standardSuccess: { color: '#14461f', backgroundColor: '#e5f3e8' },
        standardError: { color: '#7a1a14', backgroundColor: '#fbe9e7' },
        standardInfo: { color: '#0a3e52', backgroundColor: '#e3f1f6' },
        standardWarning: { color: '#5c3200', backgroundColor: '#fff3e0' },
      },
    },
  },
});
