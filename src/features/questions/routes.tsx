import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { Link as RouterLink, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { isUnreadable } from '../../api/unreadable';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../lib/identity';
import { useDenial } from '../../lib/permissions';
import { isTyping } from '../../lib/keyboard';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useUrlState } from '../../lib/urlState';
import { patterns, urls } from '../../lib/urls';
import { composerId } from './AnswerComposer';
import { describeQuestionError } from './errors';
import { FilterForm, SortFields, StatusChips } from './InboxFilters';
import { inboxUrlSchema, toFilters } from './inboxUrl';
import { questionKeys } from './keys';
import { headQuery, pageQuery, useHideQuestions, useSimulateQuestion } from './queries';
import { QuestionDetail } from './QuestionDetail';
import { QuestionList } from './QuestionList';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

function Inbox({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const { mode } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const openId = /^\d+$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const [url, update] = useUrlState(inboxUrlSchema);
  const filters = toFilters(url, sellerId);
  const queryClient = useQueryClient();
  const first = useQuery(pageQuery(filters, 0));
  const head = useQuery(headQuery(filters));
  // The selection belongs to one view: changing a filter or the sort starts a new, empty one.
  const view = JSON.stringify(filters);
  const [selected, setSelected] = useState<{ view: string; ids: ReadonlySet<number> }>({ view, ids: new Set() });
  const selection = selected.view === view ? selected.ids : new Set<number>();
  const setSelection = (ids: ReadonlySet<number>) => setSelected({ view, ids });
  const [helpOpen, setHelpOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [resetToken, setResetToken] = useState(0);
  const [simulated, setSimulated] = useState(0);
  const hide = useHideQuestions();
  const simulate = useSimulateQuestion();
  const writeDenial = useDenial('questions.write');

  // New questions since the list loaded: the polled total minus the total the rows on screen were built from.
  const newCount = first.data && head.data ? Math.max(0, head.data.total - first.data.total) : 0;

  const close = () => {
    void navigate(urls.questions.index(location.search));
    if (openId !== undefined) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-question-link="${openId}"]`)?.focus());
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
    if (event.key === 'Escape' && openId !== undefined) {
      event.preventDefault();
      close();
      return;
    }
    if (isTyping(event.target)) return;
    if (event.key === '?') {
      event.preventDefault();
      setHelpOpen(true);
    } else if (event.key === 'r') {
      const composer = document.getElementById(composerId);
      if (composer) {
        event.preventDefault();
        composer.focus();
      }
    }
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const select = (id: number, checked: boolean) => {
    const next = new Set(selection);
    if (checked) next.add(id);
    else next.delete(id);
    setSelection(next);
  };

  const showNew = () => {
    void queryClient.invalidateQueries({ queryKey: questionKeys.list(filters) });
    setResetToken((value) => value + 1);
  };

  const simulateQuestion = () => {
    // A buyer asks about one of the seller's items: rotate over those on screen (none: the simulator picks).
    const items = [...new Set(first.data?.questions.flatMap((q) => (isUnreadable(q) ? [] : [q.item_id])) ?? [])];
    const item = url.item ?? items[simulated % Math.max(1, items.length)];
    setSimulated((count) => count + 1);
    simulate.mutate(
      { item_id: item, text: t`Hi! Is it still available? Can I pick it up today?` },
      { onSuccess: (question) => showToast(t`A buyer asked about ${{ item: question.item_id }}.`, 'info') },
    );
  };

  const filterItem = (item: string) => {
    const search = new URLSearchParams(location.search);
    search.set('item', item);
    // An asker filter belonged to the previous item.
    search.delete('from');
    void navigate(urls.questions.index(search.toString()));
  };

  const detail = openId !== undefined && (
    <QuestionDetail key={openId} id={openId} onClose={close} onFilterItem={filterItem} fullScreen={!wide} />
  );
  const showList = wide || openId === undefined;

  return (
    <>
      <PageHeader
        title={t({ id: 'page:/questions:title', message: 'Questions' })}
        subtitle={t({ id: 'page:/questions:intro', message: 'Buyer questions about your items, newest first.' })}
        actions={
          <>
            {mode === 'demo' && (
              <Button variant="outlined" onClick={simulateQuestion} disabled={simulate.isPending}>
                {t`Simulate a buyer question`}
              </Button>
            )}
            {!writeDenial && (
              <Button variant="contained" component={RouterLink} to={urls.questions.queue()}>
                {t`Answer next`}
              </Button>
            )}
            <Button onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
              {t`Shortcuts (?)`}
            </Button>
          </>
        }
      />
      {simulate.isError && <ErrorAlert error={simulate.error} describeError={describeQuestionError} />}
      {showList && (
        <Stack spacing={1.5} sx={{ mb: 1.5 }}>
          <StatusChips url={url} update={update} head={head.data} loading={head.isPending} />
          {!wide && (
            <Button
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen || Boolean(url.item)}
              aria-controls="inbox-filters"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t`Item, asker and sort`}
            </Button>
          )}
          {/* On phones the fields fold away so the list starts on the first screen (open while an item filter is set).
              They mount when first opened: their fields and selects were a long task of a phone's first load, for
              nothing on screen. Once open they stay mounted, so what is typed in them survives folding them. */}
          <div id="inbox-filters">
            <Collapse in={wide || filtersOpen || Boolean(url.item)} mountOnEnter>
              <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5} sx={{ rowGap: 1.5 }}>
                <FilterForm key={`${url.item ?? ''}/${url.from ?? ''}`} url={url} update={update} />
                <SortFields url={url} update={update} />
              </Stack>
            </Collapse>
          </div>
        </Stack>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: openId !== undefined ? 'minmax(0, 5fr) minmax(0, 7fr)' : 'minmax(0, 1fr)' },
          gap: 2,
        }}
      >
        {showList && (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', px: 1.5, py: 1, minHeight: 52, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ flex: 1 }} role="status">
                {first.data ? t`${plural({ count: first.data.total }, { one: `# question`, other: `# questions` })}` : ''}
              </Typography>
              <Box role="status" aria-live="polite">
                {newCount > 0 && (
                  <Button size="small" variant="contained" onClick={showNew}>
                    {t`${plural({ count: newCount }, { one: `# new question`, other: `# new questions` })}`} · {t`Show`}
                  </Button>
                )}
              </Box>
              {selection.size > 0 && (
                <>
                  <Typography variant="body2">{t`${plural({ count: selection.size }, { one: `# selected`, other: `# selected` })}`}</Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={hide.isPending}
                    onClick={() =>
                      hide.mutate([...selection], {
                        onSuccess: (result, ids) => {
                          // An answer of another shape (drift) still means the ids sent are hidden.
                          const hidden = result?.question_ids ?? ids;
                          showToast(
                            t`${plural({ count: hidden.length }, { one: `# question hidden.`, other: `# questions hidden.` })}`,
                            'success',
                          );
                          setSelection(new Set());
                          if (openId !== undefined && hidden.includes(openId)) close();
                        },
                      })
                    }
                  >
                    {t`Hide selected`}
                  </Button>
                  <Button size="small" onClick={() => setSelection(new Set())}>
                    {t`Clear selection`}
                  </Button>
                </>
              )}
            </Stack>
            {hide.isError && (
              <ErrorAlert error={hide.error} describeError={describeQuestionError} onRetry={() => hide.mutate([...selection])} />
            )}
            <DataState
              query={first}
              isEmpty={(data) => data.total === 0}
              empty={<Typography sx={{ p: 2 }}>{t`No questions match these filters.`}</Typography>}
            >
              {(data) => (
                <QuestionList
                  filters={filters}
                  total={data.total}
                  openId={openId}
                  selection={selection}
                  onSelect={writeDenial ? undefined : select}
                  resetToken={resetToken}
                />
              )}
            </DataState>
          </Paper>
        )}
        {detail}
      </Box>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}

function InboxPage() {
  const { t } = useLingui();
  const me = useMe();
  if (me.data) return <Inbox sellerId={me.data.id} />;
  return (
    <>
      <PageHeader title={t`Questions`} />
      <DataState query={me}>{() => null}</DataState>
    </>
  );
}

// The queue's parts (facts, stock, suggestions) load with it, not with the inbox.
const AnswerQueue = lazy(async () => ({ default: (await import('./AnswerQueue')).AnswerQueue }));

function QueuePage() {
  const { t } = useLingui();
  const me = useMe();
  return me.data ? (
    <Suspense fallback={<Loading />}>
      <AnswerQueue sellerId={me.data.id} />
    </Suspense>
  ) : (
    <>
      <PageHeader title={t`Answer next`} />
      <DataState query={me}>{() => null}</DataState>
    </>
  );
}

/**
 * /questions and /questions/:id: the inbox, with the open question beside it (full screen on phones);
 * /questions/queue: the answer queue.
 */
export function Component() {
  return (
    <Routes>
      <Route path={patterns.questions.queue} element={<QueuePage />} />
      <Route path={patterns.questions.detail} element={<InboxPage />} />
    </Routes>
  );
}
