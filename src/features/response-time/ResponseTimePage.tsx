import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod/mini';
import { isApiError } from '../../api/errors';
import { responseTimeRules, userIdSchema, type ResponseTime } from '../../api/response-time';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useMe } from '../../lib/identity';
import { useUrlState } from '../../lib/urlState';
import { responseTimeQuery } from '../../lib/responseTime';
import { ResponseTimeChart } from './ResponseTimeChart';
import { toRows, type SlotRow } from './rows';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useFormat } from '../../lib/format';
import { slotLabels } from './labels';

/** `?seller=N` shows another seller's figures (support staff); kept raw so a bad value can be explained. */
const urlSchema = z.object({ seller: z.catch(z.optional(z.string()), undefined) });

/** The sections sit in Stacks that space them. */
const inStack = { mb: 0 };

/** "1 h 26 min" / "3 d 4 h" beside long averages, which are hard to read in minutes alone. */
function duration(minutes: number, i18n: I18n): string | null {
  if (minutes < 60) return null;
  if (minutes < 24 * 60) return t(i18n)`${{ hours: Math.floor(minutes / 60) }} h ${{ minutes: minutes % 60 }} min`;
  return t(i18n)`${{ days: Math.floor(minutes / (24 * 60)) }} d ${{ hours: Math.floor((minutes % (24 * 60)) / 60) }} h`;
}

function Minutes({ minutes }: { minutes: number }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const long = duration(minutes, i18n);
  return (
    <>
      {t`${{ minutes: format.number(minutes) }} min`}
      {long && (
        <Typography component="span" variant="body2" color="text.secondary">
          {` (${long})`}
        </Typography>
      )}
    </>
  );
}

function SellerForm({ initial, onShow }: { initial: string; onShow: (userId: number) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState(initial !== '' && !userIdSchema.safeParse(initial).success);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userIdSchema.safeParse(draft);
    setInvalid(!parsed.success);
    if (parsed.success) onShow(parsed.data);
  };
  return (
    <Stack
      component="form"
      direction="row"
      aria-label={t`Choose a seller`}
      onSubmit={submit}
      noValidate
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label={t`Seller id`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={invalid}
        helperText={
          invalid
            ? t`Enter a seller id: a whole number greater than 0, digits only.`
            : t`Support staff: enter another seller’s id to see their response time.`
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ flex: '1 1 220px', maxWidth: 420 }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {t`Show`}
      </Button>
    </Stack>
  );
}

function EmptyState({ reason }: { reason: string }) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <Alert severity="info" role="status">
      <AlertTitle component="h2">{t`No response time yet`}</AlertTitle>
      <Typography component="p" variant="body2" sx={{ mb: 1 }}>
        {t`The server answered: “${reason}”`}
      </Typography>
      <Typography component="p" variant="body2">
        {t`The figures appear once buyers have asked questions in the last ${{ days: format.number(responseTimeRules.windowDays) }} days.`}
      </Typography>
    </Alert>
  );
}

function Callouts({ rows }: { rows: SlotRow[] }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const gains = rows.filter((row) => row.salesPercentIncrease !== null);
  // Notes, not alerts: nothing went wrong, and screen readers should not interrupt for them.
  if (gains.length === 0)
    return (
      <Alert severity="success" role="note">
        {t`Every time slot averages one hour or less: keep it up.`}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      {gains.map((row) => (
        <Alert key={row.key} severity="info" role="note" icon={<TrendingUpIcon fontSize="inherit" />}>
          <strong>{i18n._(slotLabels[row.key])}</strong>:{' '}
          {t`answer within 1 hour: +${{ percent: format.number(row.salesPercentIncrease ?? 0) }} % sales`}
        </Alert>
      ))}
    </Stack>
  );
}

function SlotTable({ rows }: { rows: SlotRow[] }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  return (
    <TableContainer>
      <Table size="small">
        <caption>{t`Average response time per time slot, in minutes`}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t`Time slot`}
            </TableCell>
            <TableCell component="th" scope="col">
              {t`Average`}
            </TableCell>
            <TableCell component="th" scope="col">
              {t`Sales gain if answered within 1 hour`}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {i18n._(slotLabels[row.key])}
              </TableCell>
              <TableCell>
                <Minutes minutes={row.minutes} />
              </TableCell>
              <TableCell>
                {row.key === 'total'
                  ? '—'
                  : row.salesPercentIncrease === null
                    ? t`None (60 min or less)`
                    : t`+${{ percent: format.number(row.salesPercentIncrease) }} %`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Figures({ resource }: { resource: ResponseTime }) {
  const { t } = useLingui();
  const rows = toRows(resource);
  return (
    <Stack spacing={2}>
      <Section title={t`Average response time, all questions`} sx={inStack}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          <Minutes minutes={resource.total.response_time} />
        </Typography>
      </Section>
      <Callouts rows={rows} />
      <Section title={t`Average by time slot`} sx={inStack}>
        <ResponseTimeChart rows={rows} />
        <SlotTable rows={rows} />
      </Section>
    </Stack>
  );
}

function Rules() {
  const { t } = useLingui();
  const format = useFormat();
  const rules = [
    t`Only questions asked in the last ${{ days: format.number(responseTimeRules.windowDays) }} days count.`,
    t`Only the first question a buyer asks about an item counts; their follow-up questions on the same item do not.`,
    t`A question not answered yet counts with the time it has been waiting, at most ${{ days: format.number(responseTimeRules.unansweredCapDays) }} days (one week).`,
    t`Each question falls in a time slot by the moment it was asked, in the seller’s site time zone: weekdays 9:00–18:00, weekdays 18:00–24:00 or the weekend. The total covers every hour, weekdays 00:00–09:00 included.`,
    t`Averages are in whole minutes; a time slot without questions shows 0 min.`,
    t`When a slot averages more than ${{ minutes: format.number(responseTimeRules.salesIncreaseAboveMinutes) }} minutes, the platform projects the extra sales you would get by answering within an hour.`,
    t`The figures are refreshed once a day: answers given today show from tomorrow.`,
  ];
  return (
    <Section title={t`How it is calculated`} sx={inStack}>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 3 }}>
        {rules.map((rule) => (
          <Typography key={rule} component="li" variant="body2">
            {rule}
          </Typography>
        ))}
      </Stack>
    </Section>
  );
}

export function ResponseTimePage() {
  const { t } = useLingui();
  const [{ seller }, update] = useUrlState(urlSchema);
  const me = useMe();
  const requested = seller === undefined ? null : userIdSchema.safeParse(seller);
  const userId = requested ? (requested.success ? requested.data : undefined) : me.data?.id;
  const query = useQuery({ ...responseTimeQuery(userId ?? 0), enabled: userId !== undefined });

  let content: ReactNode;
  if (requested && !requested.success)
    content = (
      <Alert severity="error">{t`The seller id in the address (“${{ value: seller ?? '' }}”) is not valid: it must be a whole number greater than 0.`}</Alert>
    );
  else if (!requested && me.isError) content = <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />;
  else if (isApiError(query.error, 404)) content = <EmptyState reason={query.error.message} />;
  else content = <DataState query={query}>{(resource) => <Figures resource={resource} />}</DataState>;

  return (
    <>
      <PageHeader
        title={t({ id: 'page:/response-time:title', message: 'Response time' })}
        subtitle={
          requested?.success
            ? t`Seller ${{ id: String(requested.data) }}`
            : me.data
              ? t`Your account: ${{ nickname: me.data.nickname }} (seller ${{ id: String(me.data.id) }})`
              : '' // keeps the line while the account loads
        }
        actions={
          seller !== undefined && (
            <Button variant="outlined" onClick={() => update({ seller: undefined })}>
              {t`Back to my account`}
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        <SellerForm key={seller ?? ''} initial={seller ?? ''} onShow={(id) => update({ seller: id })} />
        {/* The rules come first: below the figures they would jump down when the figures load. */}
        <Rules />
        {content}
      </Stack>
    </>
  );
}
