import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * Spec 5: deletes need a confirmation. An alert dialog (focus starts on Cancel, the safe choice; Escape
 * cancels; focus returns to the button that opened it).
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
    >
      <DialogTitle id="confirm-title" component="h2">
        {request?.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-message" sx={{ color: 'text.primary' }}>
          {request?.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="outlined">
          {translate('ra.action.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            const confirm = request?.onConfirm;
            onClose();
            confirm?.();
          }}
        >
          {request?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
