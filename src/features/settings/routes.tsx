import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { setColorMode, useColorMode } from '../../lib/colorScheme';
import { languages, setLanguage, useLocale, type Language } from '../../lib/i18n';
import { useGrants } from '../../lib/permissions';
import { setSandbox, useSession } from '../../lib/session';
import { useMe } from '../../lib/identity';
import { accountSettingsQuery } from '../../lib/answerTarget';
import { Accounts } from './Accounts';
import { AnswerTargetSection } from './AnswerTargetSection';
import { LowStockDefaultSection } from './LowStockDefaultSection';
import { PasskeysSection } from './PasskeysSection';
import { SignInsSection } from './SignInsSection';
import { TeamSection } from './TeamSection';
import { useLingui } from '@lingui/react/macro';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** Each in its own language. `es` follows the active account's site: vos for Argentina, Uruguay and Paraguay. */
const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español (según el sitio de la cuenta)',
  'es-AR': 'Español de Argentina (vos)',
  'es-419': 'Español latinoamericano (tú)',
  'pt-BR': 'Português (Brasil)',
};

export function Component() {
  const { t } = useLingui();
  const { language } = useLocale();
  const mode = useColorMode();
  const session = useSession();
  const grants = useGrants();
  const me = useMe();
  // Demo mode's session (src/demo/team.ts) has a person and a team too, but no accounts to connect.
  const { server } = session;
  const live = session.mode === 'live' ? server : null;
  return (
    <>
      <PageHeader title={t({ id: 'page:/settings:title', message: 'Settings' })} />
      <Section title={t`Appearance`} spacing={2}>
        <TextField
          select
          label={t`Language`}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
          sx={{ maxWidth: 320 }}
        >
          {languages.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {languageNames[l]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t`Theme`} value={mode} onChange={(e) => setColorMode(e.target.value)} sx={{ maxWidth: 320 }}>
          <MenuItem value="system">{t`Follow the system`}</MenuItem>
          <MenuItem value="light">{t`Light`}</MenuItem>
          <MenuItem value="dark">{t`Dark`}</MenuItem>
        </TextField>
      </Section>
      <Section title={t`Connection`} spacing={2}>
        {live ? (
          <Accounts server={live} />
        ) : (
          <Alert severity="info">{t`Demo mode: a simulated API runs in your browser with seeded data. No sign-in is needed.`}</Alert>
        )}
        <FormControlLabel
          control={<Switch checked={session.sandbox} onChange={(e) => setSandbox(e.target.checked)} />}
          label={t`Credit sandbox`}
        />
        <Typography variant="body2" color="text.secondary">
          {t`Credit lead calls send "x-sandbox: true" and show test data.`}
        </Typography>
      </Section>
      {me.data && <AnswerTargetSection sellerId={me.data.id} />}
      {me.data && (
        <AfterTarget sellerId={me.data.id}>
          {grants.can('account.settings') && <LowStockDefaultSection sellerId={me.data.id} />}
          {server?.activeAccountId && grants.role && grants.can('team.manage') && (
            <TeamSection accountId={server.activeAccountId} actor={grants.role} />
          )}
          {server?.person && <PasskeysSection marketplace={server.person.methods.includes('marketplace')} />}
          {server?.person && <SignInsSection />}
        </AfterTarget>
      )}
    </>
  );
}

/**
 * The sections below the response-time target, once its settings are read (or failed to be): drawn before, they were
 * pushed down as its working hours arrived, a layout shift on a phone, where the next section's top is in view. Deferred
 * as the target's form is (DataState), so both come in one render.
 */
function AfterTarget({ sellerId, children }: { sellerId: number; children: ReactNode }) {
  const target = useQuery(accountSettingsQuery(sellerId));
  const read = useDeferredValue(target.data);
  return read !== undefined || target.isError ? children : null;
}
