import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { transferPercent, type UploadProgress } from '../data/upload';

/** Two labelled bars: bytes sent, then the server's processing of the package (import-job progress). */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const translate = useTranslate();
  if (!progress) return null;
  const transfer = progress.phase === 'transfer' ? transferPercent(progress.loaded, progress.total) : 100;
  const processing = progress.phase === 'processing' ? progress.percent : null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id="upload-transfer-label" variant="body2">
        {translate('app.upload.transfer', { percent: transfer })}
      </Typography>
      <LinearProgress variant="determinate" value={transfer} aria-labelledby="upload-transfer-label" sx={{ height: 8, mb: 1 }} />
      {progress.phase === 'processing' ? (
        <>
          <Typography id="upload-processing-label" variant="body2">
            {processing === null
              ? translate('app.upload.processing')
              : translate('app.upload.processing_percent', { percent: processing, step: progress.step ? translate(`app.upload.stages.${progress.step}`, { _: progress.step }) : '' })}
          </Typography>
          <LinearProgress
            variant={processing === null ? 'indeterminate' : 'determinate'}
            value={processing ?? undefined}
            aria-labelledby="upload-processing-label"
            sx={{ height: 8 }}
          />
        </>
      ) : null}
    </Box>
  );
}
