import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField, Typography } from '@mui/material';
import { useCreate, useTranslate } from 'react-admin';
import { XAPI_SCOPES, type XapiScope } from './scopes';
import type { LrsCredential } from './CredentialList';

/** Create a credential with scopes; the secret is shown once, then never again. */
export function CreateCredentialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<XapiScope[]>(['statements/write', 'statements/read/mine']);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<LrsCredential | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [create, { isPending }] = useCreate<LrsCredential>();

  useEffect(() => {
    if (!open) return;
    setName('');
    setScopes(['statements/write', 'statements/read/mine']);
    setTouched(false);
    setCreated(null);
    setError(null);
  }, [open]);

  const nameMissing = !name.trim();
  const noScope = scopes.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameMissing || noScope) return;
    void create(
      'lrs-credentials',
      { data: { label: name.trim(), scopes } },
      {
        onSuccess: (record) => setCreated(record),
        onError: () => setError(translate('app.credentials.create_error')),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="credential-title" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="credential-title" component="h2">
          {translate('app.credentials.create_title')}
        </DialogTitle>
        <DialogContent>
          {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
          {created ? (
            <Box role="status">
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('app.credentials.secret_once')}
              </Alert>
              <Box component="dl" sx={{ '& dt': { fontWeight: 700 }, '& dd': { m: 0, mb: 1.5, fontFamily: 'monospace', wordBreak: 'break-all' } }}>
                <dt>{translate('app.credentials.key')}</dt>
                <dd data-testid="credential-key">{created.key}</dd>
                <dt>{translate('app.credentials.secret')}</dt>
                <dd data-testid="credential-secret">{created.secret}</dd>
              </Box>
            </Box>
          ) : (
            <>
              <TextField
                id="credential-name"
                label={translate('app.credentials.name')}
                value={name}
                required
                fullWidth
                sx={{ mt: 1, mb: 2 }}
                onChange={(e) => setName(e.target.value)}
                error={touched && nameMissing}
                helperText={touched && nameMissing ? translate('app.credentials.name_required') : undefined}
              />
              <Box component="fieldset" sx={{ border: '1px solid #9e9e9e', borderRadius: 1, p: 2 }} aria-describedby={touched && noScope ? 'scope-error' : undefined}>
                <legend>{translate('app.credentials.scopes')}</legend>
                {XAPI_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    control={
                      <Checkbox
                        checked={scopes.includes(scope)}
                        onChange={(e) => setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))}
                      />
                    }
                    label={<code>{scope}</code>}
                  />
                ))}
                {touched && noScope ? (
                  <Typography id="scope-error" sx={{ color: '#b3261e' }}>
                    {translate('app.credentials.scope_required')}
                  </Typography>
                ) : null}
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions>
          {created ? (
            <Button variant="contained" onClick={onClose}>
              {translate('ra.action.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={isPending}>
                {translate('ra.action.create')}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
