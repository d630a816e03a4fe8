import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isCreditLeadId, type CreditLeadDetail } from '../../api/credits';
import { isApiError } from '../../api/errors';
import { Term } from '../../components/Term';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RevealToggle } from '../../components/RevealToggle';
import { Loading } from '../../components/Loading';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { useDenial } from '../../lib/permissions';
import { itemQuery } from '../../lib/items';
import { isTyping } from '../../lib/keyboard';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { urls } from '../../lib/urls';
import { describeCreditLeadError } from './errors';
import type { CreditLeadView } from './creditLeadView';
import { useSiteCurrency } from './creditLeadView';
import { creditLeadDetailQuery, useRevealBuyer } from './queries';
import { StatusChip, shortId } from './ResultsTable';
import { LeadReviewForm } from './LeadReviewForm';
import { useLingui } from '@lingui/react/macro';
import { entityLabels, labelOf } from './labels';

interface CreditLeadPanelProps {
  id: string;
  /** The visible result rows, walked by next/previous. */
  rows: CreditLeadView[];
  search: string;
  /** On wide screens the panel sits beside the list ("Close"); on narrow ones it replaces it ("Back"). */
  beside: boolean;
}

/** A lead beside the list: support review moves through the results with buttons or j/k. */
export function CreditLeadPanel({ id, rows, search, beside }: CreditLeadPanelProps) {
  const { t } = useLingui();
  const format = useFormat();
  const navigate = useNavigate();
  const headingId = useId();
  const index = rows.findIndex((row) => row.lead.id === id);
  const previous = index > 0 ? rows[index - 1]!.lead.id : undefined;
  const next = index >= 0 && index < rows.length - 1 ? rows[index + 1]!.lead.id : undefined;

  useEffect(() => {
    const go = (target: string) => void navigate(urls.credits.detail(target, search));
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'j' && next) go(next);
      if (event.key === 'k' && previous) go(previous);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, next, previous, search]);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, alignSelf: 'start', position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto', fontFamily: 'monospace' }}>
          {t`Lead ${{ id: shortId(id) }}`}
        </Typography>
        <Button component={RouterLink} to={urls.credits.index(search)} size="small" startIcon={beside ? undefined : <ArrowBack />}>
          {beside ? t`Close` : t`Back to the list`}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }} useFlexGap>
        <Button
          size="small"
          variant="outlined"
          startIcon={<NavigateBefore />}
          disabled={!previous}
          onClick={() => void navigate(urls.credits.detail(previous!, search))}
        >
          {t`Previous lead`}
        </Button>
        <Button
          size="small"
          variant="outlined"
          endIcon={<NavigateNext />}
          disabled={!next}
          onClick={() => void navigate(urls.credits.detail(next!, search))}
        >
          {t`Next lead`}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {index >= 0
            ? t`Lead ${{ index: format.number(index + 1) }} of ${{ count: format.number(rows.length) }} on this page · keys: j next, k previous`
            : t`This lead is not in the current result list.`}
        </Typography>
      </Stack>
      {/* Any lead can be reviewed, expired ones included: the review is the team's work, not the credit. Keyed by
          lead: a draft belongs to its lead. Siblings, so each key names its part as well. */}
      {isCreditLeadId(id) && <LeadReviewForm key={`review ${id}`} id={id} />}
      {/* Keyed by lead: a revealed contact belongs to its lead and is never carried over. */}
      <CreditLeadBody key={`body ${id}`} id={id} />
    </Paper>
  );
}

function CreditLeadBody({ id }: { id: string }) {
  const { t } = useLingui();
  const me = useMe();
  const { sandbox } = useSession();
  const valid = isCreditLeadId(id);
  const query = useQuery({ ...creditLeadDetailQuery(id, me.data?.id ?? 0, sandbox), enabled: valid && me.data !== undefined });

  if (!valid) {
    return (
      <Alert severity="error" role="alert">
        {t`“${id}” is not a lead id: a lead id is a UUID (like 3f2b…-…). Nothing was sent.`}
      </Alert>
    );
  }
  if (query.data) return <CreditLeadFacts lead={query.data} />;
  if (isApiError(query.error, 410)) {
    return (
      <Alert severity="warning">
        <AlertTitle>{t`This credit has expired`}</AlertTitle>
        {t`The financing proposal is no longer valid (410): the buyer can no longer take it, and its conditions and the buyer’s contact are not available anymore. A new proposal is needed to follow up.`}
      </Alert>
    );
  }
  if (isApiError(query.error, 404)) {
    return (
      <Alert severity="info">
        <AlertTitle>{t`Lead not found`}</AlertTitle>
        {t`No lead with this id exists for your account (404). It may be a test lead while the sandbox is off, or the other way round.`}
      </Alert>
    );
  }
  if (query.isError) {
    return <ErrorAlert error={query.error} describeError={describeCreditLeadError} onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}

const factLayout = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: { xs: 0, sm: 1 }, py: 0.5 } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Term label={label} sx={factLayout}>
      {children}
    </Term>
  );
}

function CreditLeadFacts({ lead }: { lead: CreditLeadDetail }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const item = useQuery(itemQuery(lead.item_id));
  const currency = useSiteCurrency(item.data?.currency_id);
  const money = (value: number) => (currency ? format.money(value, currency) : format.number(value));
  return (
    <>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact label={t`Status`}>
          <StatusChip status={lead.status} />
        </Fact>
        <Fact label={t({ message: `Item`, context: 'credit lead' })}>
          {/* The title arrives with its own read: its line is held from the start and cut to one line, so its
              arrival moves none of the facts below (the whole title on hover and to a screen reader). */}
          <Box sx={{ minWidth: 0 }}>
            <Box
              component="span"
              title={item.data?.title}
              sx={{ display: 'block', minHeight: '1lh', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
            >
              {item.data?.title}
            </Box>
            <Box component="span" sx={{ display: 'block' }}>
              {lead.item_id}
            </Box>
          </Box>
        </Fact>
        <Fact label={t`Down payment`}>{money(lead.down_payment_amount)}</Fact>
        <Fact label={t`Installments`}>
          {t`${{ count: format.number(lead.installments_number) }} × ${{ amount: money(lead.installments_amount) }}`}
        </Fact>
        <Fact label={t`Financing entity`}>{labelOf(entityLabels, lead.financial_entity_id, i18n)}</Fact>
        <Fact label={t`Proposal`}>{lead.proposal_id ?? t`Not provided by this entity`}</Fact>
        <Fact label={t`Created`}>{format.dateTime(lead.date_created)}</Fact>
      </Box>
      <BuyerContact id={lead.id} />
    </>
  );
}

/** The buyer's contact: the server sends it only to a recorded reveal (a role with `credits.reveal`). */
function BuyerContact({ id }: { id: string }) {
  const { t } = useLingui();
  const { sandbox } = useSession();
  const denial = useDenial('credits.reveal');
  const reveal = useRevealBuyer(id, sandbox);
  const buyer = reveal.data;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: '1 1 auto', fontWeight: 600 }}>
          {t`Buyer`}
        </Typography>
        {!denial && <RevealToggle reveal={reveal} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {denial ??
          t`Personal data: reveal it only to contact this buyer. Each reveal is recorded in the account’s audit trail; the contact is hidden again when you leave this lead.`}
      </Typography>
      {reveal.isError && (
        <ErrorAlert
          error={reveal.error}
          describeError={(error, i18n) =>
            isApiError(error, 404) ? t`This lead carries no buyer contact.` : describeCreditLeadError(error, i18n)
          }
          onRetry={() => reveal.mutate()}
        />
      )}
      {buyer && (
        <Box component="dl" sx={{ m: 0 }}>
          <Fact label={t`Name`}>
            <Contact value={buyer.full_name} copyLabel={t`Copy name`} />
          </Fact>
          <Fact label={t`Email`}>
            <Contact value={buyer.email} href={`mailto:${buyer.email}`} copyLabel={t`Copy email`} />
          </Fact>
          <Fact label={t`Phone`}>
            <Contact value={buyer.phone} href={`tel:${buyer.phone.replace(/[^\d+]/g, '')}`} copyLabel={t`Copy phone`} />
          </Fact>
        </Box>
      )}
    </>
  );
}

/** A revealed contact value: a link where one makes sense, and a copy button. */
function Contact({ value, href, copyLabel }: { value: string; href?: string; copyLabel: string }) {
  const { t } = useLingui();
  const copy = () =>
    // Promise.resolve first: navigator.clipboard is missing outside secure contexts.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(
        () => showToast(t`Copied to the clipboard.`, 'success'),
        () => showToast(t`Could not copy: the browser refused access to the clipboard.`, 'warning'),
      );
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      {href ? <Link href={href}>{value}</Link> : value}
      <IconButton size="small" aria-label={copyLabel} title={copyLabel} onClick={() => void copy()}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Box>
  );
}
