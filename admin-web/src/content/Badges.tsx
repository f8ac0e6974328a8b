import { Box } from '@mui/material';
import type { ReactNode } from 'react';

const tones = {
  neutral: { color: '#1a1a1a', backgroundColor: '#eceff3', borderColor: '#6b6b6b' },
  active: { color: '#14461f', backgroundColor: '#e5f3e8', borderColor: '#1e6b34' },
  inactive: { color: '#5c1a14', backgroundColor: '#fbe9e7', borderColor: '#b3261e' },
  info: { color: '#0a3e52', backgroundColor: '#e3f1f6', borderColor: '#0b5d7a' },
} as const;

/** A small text badge; the words carry the meaning, colour only reinforces it (WCAG 1.4.1). */
export function Badge({ tone = 'neutral', children, title }: { tone?: keyof typeof tones; children: ReactNode; title?: string }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: '1px solid',
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        ...tones[tone],
      }}
    >
      {children}
    </Box>
  );
}
