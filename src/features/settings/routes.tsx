import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { locales, useLocale, type Locale } from '../../lib/i18n';
import { forgetToken, saveToken, setSandbox, useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useLingui } from '@lingui/react/macro';

const localeNames: Record<Locale, string> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)' };

function TokenForm() {
  const { t } = useLingui();
  const session = useSession();
  const [token, setToken] = useState(session.token);
  const [remember, setRemember] = useState(session.remember);
  const [visible, setVisible] = useState(false);
  const queryClient = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveToken(token.trim(), remember);
    // Everything loaded with the previous token (or none) is stale now.
    void queryClient.resetQueries();
    showToast(t`Token saved.`, 'success');
  };
  const status = session.token
    ? session.remember
      ? t`A token is remembered on this device.`
      : t`A token is stored for this tab.`
    : t`No token stored.`;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} autoComplete="off">
      <TextField
        label={t`Access token`}
        type={visible ? 'text' : 'password'}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        helperText={t`Used in live mode as "Authorization: Bearer …". Kept for this tab only unless you choose to remember it.`}
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
      <FormControlLabel
        control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
        label={t`Remember on this device`}
      />
      <Typography variant="body2" color="text.secondary" role="status">
        {status}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          {t`Save token`}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            forgetToken();
            setToken('');
            setRemember(false);
            showToast(t`Token forgotten.`, 'info');
          }}
        >
          {t`Forget token`}
        </Button>
      </Stack>
    </Stack>
  );
}

export function Component() {
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  const { mode, setMode } = useColorScheme();
  const session = useSession();
  return (
    <>
      <PageHeader title={t`Settings`} />
      <Section title={t`Appearance`} spacing={2}>
        <TextField select label={t`Language`} value={locale} onChange={(e) => setLocale(e.target.value as Locale)} sx={{ maxWidth: 320 }}>
          {locales.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {localeNames[l]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t`Theme`}
          value={mode ?? 'system'}
          onChange={(e) => setMode(e.target.value as 'system' | 'light' | 'dark')}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="system">{t`Follow the system`}</MenuItem>
          <MenuItem value="light">{t`Light`}</MenuItem>
          <MenuItem value="dark">{t`Dark`}</MenuItem>
        </TextField>
      </Section>
      <Section title={t`Connection`} spacing={2}>
        <Alert severity="info">
          {session.mode === 'demo'
            ? t`Demo mode: a simulated API runs in your browser with seeded data. No token is needed.`
            : t`Live mode: requests go through this server to the real API.`}
        </Alert>
        {session.authProblem && (
          <Alert severity="error">{t`The API refused the last request (401): ${{ reason: session.authProblem }}. Enter a valid access token.`}</Alert>
        )}
        <TokenForm />
        <FormControlLabel
          control={<Switch checked={session.sandbox} onChange={(e) => setSandbox(e.target.checked)} />}
          label={t`Credit sandbox`}
        />
        <Typography variant="body2" color="text.secondary">
          {t`Credit lead calls send "x-sandbox: true" and show test data.`}
        </Typography>
      </Section>
    </>
  );
}
