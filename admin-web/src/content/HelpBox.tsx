import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const TIPS = ['drag_modules', 'drag_courses', 'keyboard', 'buttons', 'unassigned', 'fix_order'] as const;

/** Spec 2: a help box with usage tips. */
export function HelpBox() {
  const translate = useTranslate();
  return (
    <Box component="aside" aria-labelledby="help-heading" sx={{ border: '1px solid #0b5d7a', backgroundColor: '#e3f1f6', color: '#0a3e52', borderRadius: 1, p: 2 }}>
      <Typography variant="h6" component="h2" id="help-heading">
        {translate('app.content.help.title')}
      </Typography>
      <ul>
        {TIPS.map((tip) => (
          <li key={tip}>{translate(`app.content.help.${tip}`)}</li>
        ))}
      </ul>
    </Box>
  );
}
