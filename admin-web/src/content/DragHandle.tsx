import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Box } from '@mui/material';

/** The drag handle: a real button (keyboard: Space/Enter to lift, arrows to move, Space to drop, Escape to cancel). */
export const DragHandle = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string }>(function DragHandle(
  { label, ...props },
  ref,
) {
  return (
    <Box
      component="button"
      type="button"
      ref={ref}
      aria-label={label}
      {...props}
      sx={{
        cursor: 'grab',
        border: '1px solid #6b6b6b',
        borderRadius: 1,
        background: '#ffffff',
        color: '#1a1a1a',
        minWidth: 32,
        minHeight: 32,
        fontSize: '1.1rem',
        lineHeight: 1,
        touchAction: 'none',
        '&:focus-visible': { outline: '3px solid #1a1a1a', outlineOffset: 2 },
      }}
    >
      <span aria-hidden="true">⠿</span>
    </Box>
  );
});
