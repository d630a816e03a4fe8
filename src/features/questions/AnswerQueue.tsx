import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { searchQuestions, type Question } from '../../api/questions';
import { getSuggestions } from '../../api/suggestions';
import { isUnreadable } from '../../api/unreadable';
import { z } from 'zod/mini';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { Term } from '../../components/Term';
import { accountSettingsQuery, dueTimeBy, useDueTime } from '../../lib/answerTarget';
import { useFormat } from '../../lib/format';
import { itemQuery } from '../../lib/items';
import { isTyping } from '../../lib/keyboard';
import { useDenial } from '../../lib/permissions';
import { safeImage } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
import { stockQuery } from '../../lib/stock';
import { urls } from '../../lib/urls';
import { useUrlState } from '../../lib/urlState';
import { useNow } from '../../lib/useNow';
import { mergeByDue, queueAccounts, type AccountQuestions, type QueueAccount, type QueueEntry } from './agencyQueue';
import { AnswerComposer, composerId } from './AnswerComposer';
import { GroupedAnswer, useGroupedAnswer } from './GroupedAnswer';
import { similarQuestions } from './grouping';
import { questionKeys } from './keys';
import { Due } from './QuestionRow';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

/** The questions one queue works through: the oldest unanswered, which are the first due (a search's largest page). */
const queueSize = 100;

/**
 * The unanswered questions as the queue started, oldest first: due time only grows with the time asked, so this
 * is overdue and due-soon first. Read once: the queue never reorders under the seller (gcTime 0: a new queue
 * reads again).
 */
const queueQuery = (sellerId: number, account?: string) =>
  queryOptions({
    // Not under the questions' keys: an answer sent refreshes those, and this list must not move under the queue.
    queryKey: questionKeys.queue(sellerId, account),
    queryFn: async ({ signal }) =>
      (
        await searchQuestions(
          { sellerId, status: 'UNANSWERED', sortFields: ['date_created'], sortType: 'ASC', limit: queueSize },
          signal,
          account,
        )
      ).questions.filter((question): question is Question => !isUnreadable(question)),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** A part of the question's context, folded under its heading on a phone. */
function Part({ title, children, wide }: { title: string; children: ReactNode; wide: boolean }) {
  if (wide)
    return (
      <Box component="section" aria-label={title}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </Box>
    );
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>{title}</AccordionSummary>
      <AccordionDetails>
        <Box component="section" aria-label={title}>
          {children}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

const locationNames = {
  selling_address: msg`Selling address`,
  seller_warehouse: msg`Your warehouses`,
  meli_facility: msg`Fulfillment`,
} as const;

/** The user product's units by location: its own read, so a slow stock read never holds the rest. */
function StockByLocation({ userProductId, account }: { userProductId: string; account: string | undefined }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(stockQuery(userProductId, account));
  return (
    <Box aria-label={t`Stock by location`} role="group">
      <DataState query={query} describeError={() => t`The stock could not be read.`}>
        {({ stock }) => (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 2, m: 0 }}>
            {stock.locations.map((location, index) => (
              <Box key={`${location.type}-${location.store_id ?? index}`} sx={{ display: 'contents' }}>
                <dt>
                  {location.type in locationNames ? i18n._(locationNames[location.type as keyof typeof locationNames]) : location.type}
                </dt>
                <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {format.number(location.quantity)}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </DataState>
    </Box>
  );
}

/** `account`, here and below: the `x-seller-account` the question's parts are read with (undefined: the active one). */
function ItemFacts({ itemId, account }: { itemId: string; account: string | undefined }) {
  const { t } = useLingui();
  const format = useFormat();
  const { mode } = useSession();
  const item = useQuery(itemQuery(itemId, account));
  return (
    <DataState query={item} describeError={() => t`The item could not be loaded.`}>
      {(data) => {
        const picture = safeImage(data.thumbnail, mode ?? 'live');
        return (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              {picture && <Box component="img" src={picture} alt="" sx={{ width: 64, height: 64, objectFit: 'contain', flex: 'none' }} />}
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <bdi>{data.title}</bdi> ({itemId})
              </Typography>
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1.5, m: 0 }}>
              <Term label={t`Price`} small>
                {format.money(data.price, data.currency_id)}
              </Term>
              <Term label={t`Available quantity`} small>
                {format.number(data.available_quantity)}
              </Term>
              <Term label={t`Listing status`} small>
                {data.status ?? '—'}
              </Term>
              <Term label={t`Listing type`} small>
                {data.listing_type_id ?? '—'}
              </Term>
              {data.attributes
                .filter((attribute) => attribute.value_name)
                .map((attribute) => (
                  <Term key={attribute.id} label={attribute.name} small>
                    {attribute.value_name}
                  </Term>
                ))}
            </Box>
            {data.user_product_id && <StockByLocation userProductId={data.user_product_id} account={account} />}
          </Stack>
        );
      }}
    </DataState>
  );
}

/** The asker's earlier questions on this item (the inbox's asker search), with their answers. */
function EarlierQuestions({ question, account }: { question: Question; account: string | undefined }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery({
    queryKey: questionKeys.asker(question.item_id, question.from.id, account),
    queryFn: ({ signal }) =>
      searchQuestions({ item: question.item_id, from: question.from.id, sortFields: ['date_created'], sortType: 'DESC' }, signal, account),
  });
  return (
    <DataState query={query} describeError={() => t`The asker’s earlier questions could not be read.`}>
      {(found) => {
        const earlier = found.questions.filter((q): q is Question => !isUnreadable(q) && q.id !== question.id);
        if (earlier.length === 0)
          return <Typography color="text.secondary">{t`No earlier question from this buyer on this item.`}</Typography>;
        return (
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
            {earlier.map((q) => (
              <li key={q.id}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {q.text}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {format.dateTime(q.date_created)}
                  </Typography>
                </Typography>
                {q.answer && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t`Answer: ${{ text: q.answer.text }}`}
                  </Typography>
                )}
              </li>
            ))}
          </Stack>
        );
      }}
    </DataState>
  );
}

/**
 * The three best earlier answers of the account for this question (GET /suggestions). Alt+↓ and Alt+↑ pick one,
 * Alt+I inserts it into the composer to be edited (never sent as it is); the composer keeps the focus.
 */
function Suggestions({ questionId, account, insert }: { questionId: number; account: string | undefined; insert: (text: string) => void }) {
  const { t } = useLingui();
  const query = useQuery({
    queryKey: questionKeys.suggestions(questionId, account),
    // The account's own earlier answers: read as the question's account.
    queryFn: ({ signal }) => getSuggestions(questionId, signal, account),
  });
  const [picked, setPicked] = useState(0);
  const suggestions = query.data ?? [];
  // The picked suggestion is scrolled into its box's view (the box shows about two), the page itself left where it is.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = box.current;
    const item = view?.querySelectorAll('li')[picked];
    if (!view || !item) return;
    if (item.offsetTop < view.scrollTop) view.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > view.scrollTop + view.clientHeight)
      view.scrollTop = item.offsetTop + item.offsetHeight - view.clientHeight;
  }, [picked]);
  const use = (text: string) => {
    insert(text);
    document.getElementById(composerId)?.focus();
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setPicked((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.code === 'KeyI') {
      event.preventDefault();
      const suggestion = suggestions[picked];
      if (suggestion) use(suggestion.answer);
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Box component="section" aria-label={t`Suggested answers`}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t`Suggested answers`}
      </Typography>
      {/* A box of one height whatever it holds (loading, none, an error, one to three answers, which scroll): the
          suggestions arrive after the question, and growing here pushed the composer down under the seller's
          thumb as they began to type (a layout shift of 0.12 on a phone). */}
      <Box ref={box} sx={{ position: 'relative', height: { xs: '10rem', md: '13rem' }, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <DataState
          query={query}
          isEmpty={(list) => list.length === 0}
          empty={<Typography color="text.secondary">{t`No earlier answer resembles this question.`}</Typography>}
          describeError={() => t`Suggestions could not be read; answer as usual.`}
        >
          {(list) => (
            <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {list.map((suggestion, index) => (
                <Paper
                  component="li"
                  key={suggestion.questionId}
                  variant="outlined"
                  aria-current={index === picked ? 'true' : undefined}
                  sx={{ p: 1, borderColor: index === picked ? 'primary.main' : undefined, borderWidth: index === picked ? 2 : 1 }}
                >
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {t`Asked: ${{ question: suggestion.question }}`}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {suggestion.answer}
                  </Typography>
                  <Button size="small" onClick={() => use(suggestion.answer)} aria-keyshortcuts={index === picked ? 'Alt+I' : undefined}>
                    {t`Insert suggestion ${{ number: index + 1 }}`}
                  </Button>
                </Paper>
              ))}
            </Stack>
          )}
        </DataState>
      </Box>
    </Box>
  );
}

function QueueItem({
  entry,
  waiting,
  onSent,
  onSkip,
}: {
  entry: QueueEntry;
  /** The questions after this one still waiting in the queue. */
  waiting: Question[];
  /** With the similar questions answered along with this one. */
  onSent: (alsoAnswered: number[]) => void;
  onSkip: () => void;
}) {
  const { question, account } = entry;
  const header = account?.header;
  const { t } = useLingui();
  const format = useFormat();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const now = useNow();
  const dueTime = useDueTime(question.seller_id);
  // Similar questions are of the same item, so of the same account: answered as it too.
  const group = useGroupedAnswer(similarQuestions(question, waiting), header);
  // The composer sent (the group is then fixed), and its answer was accepted.
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // On to the next once every checked question is answered too; a failed one keeps the queue here for its Retry.
  const moveOn = useEffectEvent(() => onSent(group.sent));
  useEffect(() => {
    if (sent && group.done) moveOn();
  }, [sent, group.done]);
  const left = waiting.length - group.sent.length;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="queue-question">
        <Typography variant="caption" color="text.secondary" role="status">
          {t`${{ left: format.number(left) }} left after this one`}
        </Typography>
        {account && (
          <Typography variant="subtitle2" component="p" color="primary">
            {t`Account: ${{ account: account.nickname }}`}
          </Typography>
        )}
        <Typography id="queue-question" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {question.text}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
          <Typography variant="caption">{t`Asked ${{ when: format.relative(question.date_created, now) }}`}</Typography>
          {dueTime && (
            <Typography variant="caption" component="span">
              <Due due={dueTime(question.date_created)} now={now} />
            </Typography>
          )}
        </Stack>
        {sent ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography role="status" color="success.main">
              {t`Sent: this question is answered.`}
            </Typography>
            <Button variant="outlined" onClick={() => onSent(group.sent)}>
              {t`Next question`}
            </Button>
          </Stack>
        ) : (
          <AnswerComposer
            key={question.id}
            questionId={question.id}
            asAccount={header}
            onSend={(text, guardOverride) => {
              setSending(true);
              group.send(text, guardOverride);
            }}
            onSent={() => setSent(true)}
            autoFocus
            aside={(insert) => <Suggestions questionId={question.id} account={header} insert={insert} />}
          />
        )}
        <GroupedAnswer group={group} locked={sending} />
        {!sent && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button onClick={onSkip} aria-keyshortcuts="Alt+S">
              {t`Skip`}
            </Button>
          </Stack>
        )}
      </Paper>
      <Stack spacing={wide ? 2 : 0}>
        <Part title={t`Item facts`} wide={wide}>
          <ItemFacts itemId={question.item_id} account={header} />
        </Part>
        <Part title={t`The buyer’s earlier questions`} wide={wide}>
          <EarlierQuestions question={question} account={header} />
        </Part>
      </Stack>
    </Box>
  );
}

interface Progress {
  /** The questions answered (similar ones along with one too) or skipped: the next is the first not among them. */
  handled: ReadonlySet<number>;
  answered: number;
  skipped: number;
  started: number;
}

function Summary({ progress, ended }: { progress: Progress; ended: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const minutes = Math.max(1, Math.round((ended - progress.started) / 60_000));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status">
      <Typography variant="h6" component="h2">
        {t`Queue done`}
      </Typography>
      <Typography>
        {t`Answered: ${{ answered: format.number(progress.answered) }} · skipped: ${{ skipped: format.number(progress.skipped) }} · time: ${{ minutes: format.number(minutes) }} min`}
      </Typography>
      <Button component={RouterLink} to={urls.questions.index({ status: 'UNANSWERED', sort: 'due', order: 'asc' })} sx={{ mt: 1 }}>
        {t`Back to the inbox`}
      </Button>
    </Paper>
  );
}

/** A key of the page's, unless a dialog or a menu has it, or a control already acted on it. */
const forThePage = (event: KeyboardEvent) =>
  !event.defaultPrevented && !(event.target instanceof HTMLElement && event.target.closest('[role="dialog"], [role="menu"]'));

/**
 * The queue worked through: Send or Skip (Alt+S) moves to the first question not yet handled, so an account's
 * questions read again after a failure (All my accounts) join the rest in their place; the end says what was done.
 */
function QueueRun({ entries }: { entries: QueueEntry[] }) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<Progress>(() => ({ handled: new Set(), answered: 0, skipped: 0, started: Date.now() }));
  const [ended, setEnded] = useState<number | null>(null);
  const waiting = entries.filter((entry) => !progress.handled.has(entry.question.id));
  const current = waiting[0];
  const move = (outcome: 'answered' | 'skipped', ids: number[]) => {
    setProgress({ ...progress, handled: new Set([...progress.handled, ...ids]), [outcome]: progress[outcome] + ids.length });
    if (waiting.every((entry) => ids.includes(entry.question.id))) setEnded(Date.now());
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!forThePage(event) || !event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyS') return;
    if (ended !== null || !current) return;
    event.preventDefault();
    move('skipped', [current.question.id]);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (entries.length === 0) return <Typography>{t`No question is waiting for an answer.`}</Typography>;
  return current && ended === null ? (
    <QueueItem
      key={current.question.id}
      entry={current}
      waiting={waiting.slice(1).map((entry) => entry.question)}
      onSent={(also) => move('answered', [current.question.id, ...also])}
      onSkip={() => move('skipped', [current.question.id])}
    />
  ) : (
    <Summary progress={progress} ended={ended ?? progress.started} />
  );
}

/** The active account's queue, as the inbox's "Answer next" opens it. */
function AccountQueue({ sellerId }: { sellerId: number }) {
  const query = useQuery(queueQuery(sellerId));
  return <DataState query={query}>{(questions) => <QueueRun entries={questions.map((question) => ({ question }))} />}</DataState>;
}

/**
 * "All my accounts": each account's unanswered questions and its settings read with its `x-seller-account`, then one
 * queue ordered by each account's own due times (agencyQueue.ts). An account whose read fails says so, with a retry;
 * the others' questions are worked through meanwhile.
 */
function AllAccountsQueue({ accounts, leftOut }: { accounts: QueueAccount[]; leftOut: string[] }) {
  const { t } = useLingui();
  const questions = useQueries({ queries: accounts.map((account) => queueQuery(Number(account.id), account.header)) });
  const settings = useQueries({ queries: accounts.map((account) => accountSettingsQuery(Number(account.id))) });
  const reads = accounts.map((account, index) => ({ account, questions: questions[index]!, settings: settings[index]! }));
  const parts = reads.flatMap(({ account, questions, settings }): AccountQuestions[] =>
    questions.data && settings.data ? [{ account, questions: questions.data, dueTime: dueTimeBy(settings.data) }] : [],
  );
  const failed = reads.filter((read) => read.questions.isError || read.settings.isError);
  const loading = reads.some((read) => read.questions.isPending || read.settings.isPending);
  return (
    <Stack spacing={2}>
      {leftOut.length > 0 && (
        <Typography color="text.secondary">
          {t`Not in this queue (your role there does not answer questions, or the account must sign in again): ${{ accounts: leftOut.join(', ') }}.`}
        </Typography>
      )}
      {failed.map((read) => (
        <ErrorAlert
          key={read.account.id}
          title={t`${{ account: read.account.nickname }}: its questions could not be read`}
          error={read.questions.error ?? read.settings.error}
          onRetry={() => {
            if (read.questions.isError) void read.questions.refetch();
            if (read.settings.isError) void read.settings.refetch();
          }}
        />
      ))}
      {loading ? <Loading /> : (parts.length > 0 || failed.length === 0) && <QueueRun entries={mergeByDue(parts)} />}
    </Stack>
  );
}

/** The queue's address: `accounts=all` for "All my accounts". */
const queueUrlSchema = z.object({ accounts: z.catch(z.optional(z.literal('all')), undefined) });

/**
 * "Answer next": the unanswered questions one at a time, most urgent first, each with the item's facts, the
 * asker's earlier questions, suggestions and the composer (drafts and the exactly-once send as in the inbox).
 * Send or Skip (Alt+S) moves on; Escape goes back to the inbox; the end says what was done and how long it took.
 * A person who answers for several accounts chooses this account's queue or one of all of them (issue 51 §1).
 */
export function AnswerQueue({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const denial = useDenial('questions.write');
  const [url, update] = useUrlState(queueUrlSchema);
  const { answering, leftOut } = queueAccounts(useSession().server);
  // A link with "All my accounts" stays usable (this account's queue) for one who no longer answers for several.
  const all = url.accounts === 'all' && answering.length > 1;
  const [helpOpen, setHelpOpen] = useState(false);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!forThePage(event)) return;
    if (event.key === '?' && !isTyping(event.target)) {
      event.preventDefault();
      setHelpOpen(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      void navigate(urls.questions.index({ status: 'UNANSWERED', sort: 'due', order: 'asc' }));
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <PageHeader
        title={t({ id: 'page:/questions/queue:title', message: 'Answer next' })}
        subtitle={t({ id: 'page:/questions/queue:intro', message: 'Unanswered questions one at a time, overdue and due soon first.' })}
        actions={
          <Button onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            {t`Shortcuts (?)`}
          </Button>
        }
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {answering.length > 1 && (
        <FormControl sx={{ mb: 2 }}>
          <FormLabel id="queue-accounts">{t`Questions of`}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="queue-accounts"
            value={all ? 'all' : 'this'}
            onChange={(event) => update({ accounts: event.target.value === 'all' ? 'all' : undefined })}
          >
            <FormControlLabel value="this" control={<Radio />} label={t`This account`} />
            <FormControlLabel value="all" control={<Radio />} label={t`All my accounts`} />
          </RadioGroup>
        </FormControl>
      )}
      {all ? (
        // Keyed by the choice: a new queue starts its count and its clock.
        <AllAccountsQueue key="all" accounts={answering} leftOut={leftOut} />
      ) : denial ? (
        <Typography color="text.secondary">{denial}</Typography>
      ) : (
        <AccountQueue key="this" sellerId={sellerId} />
      )}
    </>
  );
}
