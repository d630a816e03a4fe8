import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { searchQuestions, type Question } from '../../api/questions';
import { getSuggestions } from '../../api/suggestions';
import { isUnreadable } from '../../api/unreadable';
import { DataState } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { Term } from '../../components/Term';
import { useDueTime } from '../../lib/answerTarget';
import { useFormat } from '../../lib/format';
import { itemQuery } from '../../lib/items';
import { isTyping } from '../../lib/keyboard';
import { useDenial } from '../../lib/permissions';
import { safeImage } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
import { stockQuery } from '../../lib/stock';
import { urls } from '../../lib/urls';
import { useNow } from '../../lib/useNow';
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
const queueQuery = (sellerId: number) =>
  queryOptions({
    // Not under the questions' keys: an answer sent refreshes those, and this list must not move under the queue.
    queryKey: ['answer-queue', sellerId] as const,
    queryFn: async ({ signal }) =>
      (
        await searchQuestions({ sellerId, status: 'UNANSWERED', sortFields: ['date_created'], sortType: 'ASC', limit: queueSize }, signal)
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
function StockByLocation({ userProductId }: { userProductId: string }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(stockQuery(userProductId));
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

function ItemFacts({ itemId }: { itemId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const { mode } = useSession();
  const item = useQuery(itemQuery(itemId));
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
            {data.user_product_id && <StockByLocation userProductId={data.user_product_id} />}
          </Stack>
        );
      }}
    </DataState>
  );
}

/** The asker's earlier questions on this item (the inbox's asker search), with their answers. */
function EarlierQuestions({ question }: { question: Question }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery({
    queryKey: [...questionKeys.all, 'asker', question.item_id, question.from.id] as const,
    queryFn: ({ signal }) =>
      searchQuestions({ item: question.item_id, from: question.from.id, sortFields: ['date_created'], sortType: 'DESC' }, signal),
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
function Suggestions({ questionId, insert }: { questionId: number; insert: (text: string) => void }) {
  const { t } = useLingui();
  const query = useQuery({
    queryKey: [...questionKeys.all, 'suggestions', questionId] as const,
    queryFn: ({ signal }) => getSuggestions(questionId, signal),
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
  question,
  waiting,
  onSent,
  onSkip,
}: {
  question: Question;
  /** The questions after this one still waiting in the queue. */
  waiting: Question[];
  /** With the similar questions answered along with this one. */
  onSent: (alsoAnswered: number[]) => void;
  onSkip: () => void;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const now = useNow();
  const dueTime = useDueTime(question.seller_id);
  const group = useGroupedAnswer(similarQuestions(question, waiting));
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
            onSend={(text, guardOverride) => {
              setSending(true);
              group.send(text, guardOverride);
            }}
            onSent={() => setSent(true)}
            autoFocus
            aside={(insert) => <Suggestions questionId={question.id} insert={insert} />}
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
          <ItemFacts itemId={question.item_id} />
        </Part>
        <Part title={t`The buyer’s earlier questions`} wide={wide}>
          <EarlierQuestions question={question} />
        </Part>
      </Stack>
    </Box>
  );
}

interface Progress {
  index: number;
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

/**
 * "Answer next": the unanswered questions one at a time, most urgent first, each with the item's facts, the
 * asker's earlier questions, suggestions and the composer (drafts and the exactly-once send as in the inbox).
 * Send or Skip (Alt+S) moves on; Escape goes back to the inbox; the end says what was done and how long it took.
 */
export function AnswerQueue({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const denial = useDenial('questions.write');
  const query = useQuery(queueQuery(sellerId));
  const [progress, setProgress] = useState<Progress>(() => ({ index: 0, answered: 0, skipped: 0, started: Date.now() }));
  // Similar questions answered along with an earlier one: the queue skips them.
  const [alsoAnswered, setAlsoAnswered] = useState<ReadonlySet<number>>(() => new Set());
  const [ended, setEnded] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const questions = query.data ?? [];
  const move = (outcome: 'answered' | 'skipped', also: number[] = []) => {
    const answered = new Set([...alsoAnswered, ...also]);
    let index = progress.index + 1;
    while (answered.has(questions[index]?.id ?? -1)) index += 1;
    const next = { ...progress, index, [outcome]: progress[outcome] + 1 + also.length };
    setAlsoAnswered(answered);
    setProgress(next);
    if (next.index >= questions.length) setEnded(Date.now());
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || (event.target instanceof HTMLElement && event.target.closest('[role="dialog"], [role="menu"]'))) return;
    if (event.key === '?' && !isTyping(event.target)) {
      event.preventDefault();
      setHelpOpen(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      void navigate(urls.questions.index({ status: 'UNANSWERED', sort: 'due', order: 'asc' }));
    } else if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS' && ended === null && questions[progress.index]) {
      event.preventDefault();
      move('skipped');
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const current = questions[progress.index];
  return (
    <>
      <PageHeader
        title={t`Answer next`}
        subtitle={t`Unanswered questions one at a time, overdue and due soon first.`}
        actions={
          <Button onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            {t`Shortcuts (?)`}
          </Button>
        }
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {denial ? (
        <Typography color="text.secondary">{denial}</Typography>
      ) : (
        <DataState
          query={query}
          isEmpty={(list) => list.length === 0}
          empty={<Typography>{t`No question is waiting for an answer.`}</Typography>}
        >
          {() =>
            current && ended === null ? (
              <QueueItem
                key={current.id}
                question={current}
                waiting={questions.slice(progress.index + 1).filter((question) => !alsoAnswered.has(question.id))}
                onSent={(also) => move('answered', also)}
                onSkip={() => move('skipped')}
              />
            ) : (
              <Summary progress={progress} ended={ended ?? progress.started} />
            )
          }
        </DataState>
      )}
    </>
  );
}
