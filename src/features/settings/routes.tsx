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
import { locales, useLocale, useMessages, type Locale } from '../../lib/i18n';
import { forgetToken, saveToken, setSandbox, useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { messages } from './messages';

const localeNames: Record<Locale, string> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)' };

function TokenForm() {
  const t = useMessages(messages);
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
    showToast(t('tokenSaved'), 'success');
  };
  const status = session.token ? t(session.remember ? 'tokenStoredDevice' : 'tokenStoredSession') : t('tokenNone');
  return (
    <Stack component="form" spacing={2} onSubmit={submit} autoComplete="off">
      <TextField
        label={t('token')}
        type={visible ? 'text' : 'password'}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        helperText={t('tokenHelp')}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={t(visible ? 'hideToken' : 'showToken')} onClick={() => setVisible((v) => !v)} edge="end">
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
          htmlInput: { spellCheck: false, autoCapitalize: 'off' },
        }}
      />
      <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={t('remember')} />
      <Typography variant="body2" color="text.secondary" role="status">
        {status}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          {t('saveToken')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            forgetToken();
            setToken('');
            setRemember(false);
            showToast(t('tokenForgotten'), 'info');
          }}
        >
          {t('forgetToken')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function Component() {
  const t = useMessages(messages);
  const { locale, setLocale } = useLocale();
  const { mode, setMode } = useColorScheme();
  const session = useSession();
  return (
    <>
      <PageHeader title={t('title')} />
      <Section title={t('appearance')} spacing={2}>
        <TextField select label={t('language')} value={locale} onChange={(e) => setLocale(e.target.value as Locale)} sx={{ maxWidth: 320 }}>
          {locales.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {localeNames[l]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('theme')}
          value={mode ?? 'system'}
          onChange={(e) => setMode(e.target.value as 'system' | 'light' | 'dark')}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="system">{t('themeSystem')}</MenuItem>
          <MenuItem value="light">{t('themeLight')}</MenuItem>
          <MenuItem value="dark">{t('themeDark')}</MenuItem>
        </TextField>
      </Section>
      <Section title={t('connection')} spacing={2}>
        <Alert severity="info">{t(session.mode === 'demo' ? 'modeDemo' : 'modeLive')}</Alert>
        {session.authProblem && <Alert severity="error">{t('authProblem', { reason: session.authProblem })}</Alert>}
        <TokenForm />
        <FormControlLabel
          control={<Switch checked={session.sandbox} onChange={(e) => setSandbox(e.target.checked)} />}
          label={t('sandbox')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('sandboxHelp')}
        </Typography>
      </Section>
    </>
  );
}
