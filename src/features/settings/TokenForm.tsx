import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { showToast } from '../../lib/toast';
import { useAccountActions } from './accounts';

/** The server's limit for a pasted token (server/src/session-routes.ts). */
const maxTokenLength = 4096;

/**
 * A personal access token (self-hosting without a marketplace app, testing): posted once to the server, which
 * keeps it like an OAuth token. The field is cleared on success; the browser stores nothing.
 */
export function TokenForm() {
  const { t } = useLingui();
  const { connect } = useAccountActions();
  const [token, setToken] = useState('');
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return setProblem(t`Paste an access token first.`);
    if (value.length > maxTokenLength) return setProblem(t`That is longer than any access token (${maxTokenLength} characters at most).`);
    setProblem(null);
    connect.mutate(value, {
      onSuccess: (server) => {
        setToken('');
        const nickname = server.accounts.find((account) => account.active)?.nickname ?? '';
        showToast(t`Connected as ${nickname}.`, 'success');
      },
    });
  };
  const refused = isApiError(connect.error, 401);

  return (
    <Stack component="form" spacing={2} onSubmit={submit} autoComplete="off" noValidate>
      <TextField
        label={t`Access token`}
        type={visible ? 'text' : 'password'}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        error={problem !== null || refused}
        helperText={
          problem ??
          (refused
            ? t`The marketplace did not accept this token: it may have expired or been revoked.`
            : t`Sent once to this server, which keeps it for your session. It is never stored in the browser.`)
        }
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={visible ? t`Hide token` : t`Show token`} onClick={() => setVisible((v) => !v)} edge="end">
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
          htmlInput: { spellCheck: false, autoCapitalize: 'off' },
        }}
      />
      {connect.isError && !refused && <ErrorAlert error={connect.error} title={t`The token could not be checked`} />}
      <Stack direction="row">
        <Button type="submit" variant="contained" loading={connect.isPending}>
          {t`Connect with this token`}
        </Button>
      </Stack>
    </Stack>
  );
}
