import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DataState } from '../../components/DataState';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { signInsQuery } from './team';
import { ScrollingTable } from '../../components/ScrollingTable';

/** How a person signed in (GET /me/sign-ins); a newer server's way shows as it came. */
const methodLabels: Record<string, MessageDescriptor> = {
  marketplace: msg`With the marketplace`,
  passkey: msg`With a passkey`,
  token: msg`With a personal access token`,
};

/** Settings: the person's own latest sign-ins, newest first; theirs, in no account's audit trail (docs/roles.md). */
export function SignInsSection() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const signIns = useQuery(signInsQuery);
  return (
    <Section title={t`Your recent sign-ins`} spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t`If you do not recognise one, sign out everywhere and tell the account's owner.`}
      </Typography>
      <DataState
        query={signIns}
        isEmpty={(list) => list.length === 0}
        empty={<Typography color="text.secondary">{t`No sign-in recorded yet.`}</Typography>}
      >
        {(list) => (
          <ScrollingTable aria-label={t`Your recent sign-ins`}>
            <TableHead>
              <TableRow>
                <TableCell>{t`When`}</TableCell>
                <TableCell>{t`How`}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((signIn) => (
                <TableRow key={`${signIn.at} ${signIn.method}`}>
                  <TableCell>{format.dateTime(signIn.at)}</TableCell>
                  <TableCell>{Object.hasOwn(methodLabels, signIn.method) ? i18n._(methodLabels[signIn.method]!) : signIn.method}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollingTable>
        )}
      </DataState>
    </Section>
  );
}
