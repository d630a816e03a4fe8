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
import { z } from 'zod';
import { isApiError } from '../../api/errors';
import { responseTimeRules, userIdSchema, type ResponseTime } from '../../api/response-time';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useMe } from '../../lib/identity';
import { useMessages, type Translate } from '../../lib/i18n';
import { useUrlState } from '../../lib/urlState';
import { messages } from './messages';
import { responseTimeQuery } from './queries';
import { ResponseTimeChart } from './ResponseTimeChart';
import { toRows, type SlotRow } from './rows';

type Key = keyof (typeof messages)['en'];

/** `?seller=N` shows another seller's figures (support staff); kept raw so a bad value can be explained. */
const urlSchema = z.object({ seller: z.string().optional().catch(undefined) });

/** The sections sit in Stacks that space them. */
const inStack = { mb: 0 };

/** "1 h 26 min" / "3 d 4 h" beside long averages, which are hard to read in minutes alone. */
function duration(minutes: number, t: Translate<Key>): string | null {
  if (minutes < 60) return null;
  if (minutes < 24 * 60) return t('durationHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t('durationDays', { days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) });
}

function Minutes({ minutes }: { minutes: number }) {
  const t = useMessages(messages);
  const long = duration(minutes, t);
  return (
    <>
      {t('minutes', { minutes })}
      {long && (
        <Typography component="span" variant="body2" color="text.secondary">
          {` (${long})`}
        </Typography>
      )}
    </>
  );
}

function SellerForm({ initial, onShow }: { initial: string; onShow: (userId: number) => void }) {
  const t = useMessages(messages);
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
      aria-label={t('sellerForm')}
      onSubmit={submit}
      noValidate
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label={t('sellerField')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={invalid}
        helperText={t(invalid ? 'sellerInvalid' : 'sellerHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ flex: '1 1 220px', maxWidth: 420 }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {t('show')}
      </Button>
    </Stack>
  );
}

function EmptyState({ reason }: { reason: string }) {
  const t = useMessages(messages);
  return (
    <Alert severity="info" role="status">
      <AlertTitle component="h2">{t('emptyTitle')}</AlertTitle>
      <Typography component="p" variant="body2" sx={{ mb: 1 }}>
        {t('emptyReason', { reason })}
      </Typography>
      <Typography component="p" variant="body2">
        {t('emptyHelp', { days: responseTimeRules.windowDays })}
      </Typography>
    </Alert>
  );
}

function Callouts({ rows }: { rows: SlotRow[] }) {
  const t = useMessages(messages);
  const gains = rows.filter((row) => row.salesPercentIncrease !== null);
  // Notes, not alerts: nothing went wrong, and screen readers should not interrupt for them.
  if (gains.length === 0)
    return (
      <Alert severity="success" role="note">
        {t('noCallouts')}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      {gains.map((row) => (
        <Alert key={row.key} severity="info" role="note" icon={<TrendingUpIcon fontSize="inherit" />}>
          <strong>{t(`slot_${row.key}`)}</strong>: {t('salesCallout', { percent: row.salesPercentIncrease ?? 0 })}
        </Alert>
      ))}
    </Stack>
  );
}

function SlotTable({ rows }: { rows: SlotRow[] }) {
  const t = useMessages(messages);
  return (
    <TableContainer>
      <Table size="small">
        <caption>{t('tableCaption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('colSlot')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('colAverage')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('colSales')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {t(`slot_${row.key}`)}
              </TableCell>
              <TableCell>
                <Minutes minutes={row.minutes} />
              </TableCell>
              <TableCell>
                {row.key === 'total'
                  ? '—'
                  : row.salesPercentIncrease === null
                    ? t('noProjection')
                    : t('salesValue', { percent: row.salesPercentIncrease })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Figures({ resource }: { resource: ResponseTime }) {
  const t = useMessages(messages);
  const rows = toRows(resource);
  return (
    <Stack spacing={2}>
      <Section title={t('totalHeading')} sx={inStack}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          <Minutes minutes={resource.total.response_time} />
        </Typography>
      </Section>
      <Callouts rows={rows} />
      <Section title={t('slotsHeading')} sx={inStack}>
        <ResponseTimeChart rows={rows} />
        <SlotTable rows={rows} />
      </Section>
    </Stack>
  );
}

function Rules() {
  const t = useMessages(messages);
  const rules: [Key, Record<string, number>?][] = [
    ['rulesWindow', { days: responseTimeRules.windowDays }],
    ['rulesFirst'],
    ['rulesUnanswered', { days: responseTimeRules.unansweredCapDays }],
    ['rulesSlots'],
    ['rulesAverage'],
    ['rulesSales', { minutes: responseTimeRules.salesIncreaseAboveMinutes }],
    ['rulesRefresh'],
  ];
  return (
    <Section title={t('rulesHeading')} sx={inStack}>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 3 }}>
        {rules.map(([key, vars]) => (
          <Typography key={key} component="li" variant="body2">
            {t(key, vars)}
          </Typography>
        ))}
      </Stack>
    </Section>
  );
}

export function ResponseTimePage() {
  const t = useMessages(messages);
  const [{ seller }, update] = useUrlState(urlSchema);
  const me = useMe();
  const requested = seller === undefined ? null : userIdSchema.safeParse(seller);
  const userId = requested ? (requested.success ? requested.data : undefined) : me.data?.id;
  const query = useQuery({ ...responseTimeQuery(userId ?? 0), enabled: userId !== undefined });

  let content: ReactNode;
  if (requested && !requested.success) content = <Alert severity="error">{t('sellerInvalidUrl', { value: seller ?? '' })}</Alert>;
  else if (!requested && me.isError) content = <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />;
  else if (isApiError(query.error, 404)) content = <EmptyState reason={query.error.message} />;
  else content = <DataState query={query}>{(resource) => <Figures resource={resource} />}</DataState>;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={
          requested?.success
            ? t('subtitleOther', { id: String(requested.data) })
            : me.data && t('subtitleMine', { nickname: me.data.nickname, id: String(me.data.id) })
        }
        actions={
          seller !== undefined && (
            <Button variant="outlined" onClick={() => update({ seller: undefined })}>
              {t('mine')}
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
