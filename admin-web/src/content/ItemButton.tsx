import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { visuallyHidden } from '../layout/visuallyHidden';

/**
 * A row button whose accessible name also names the item ("Edit" + hidden " Golf Explained"), so a screen-reader
 * list of buttons stays meaningful while the visible label stays short (WCAG 2.4.6, 2.5.3 label in name).
 */
export function ItemButton({ label, item, ...props }: { label: ReactNode; item: string } & Omit<ButtonProps, 'children'>) {
  return (
    <Button size="small" variant="outlined" {...props}>
      {label}
      <span style={visuallyHidden}> – {item}</span>
    </Button>
  );
}
