import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../api/errors';
import type { QuestionDetail as Question } from '../../api/questions';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RevealToggle } from '../../components/RevealToggle';
import { useFormat } from '../../lib/format';
import { useDenial } from '../../lib/permissions';
import { itemQuery } from '../../lib/items';
import { showToast } from '../../lib/toast';
import { AnswerComposer } from './AnswerComposer';
import { describeQuestionError } from './errors';
import { Term } from '../../components/Term';
import { detailQuery, useDeleteQuestion, useHideQuestions, useRevealContact } from './queries';
import { moderationReasonsUrl } from './QuestionRow';
import { StatusChip, useStatusLabel } from './StatusChip';
import { useLingui } from '@lingui/react/macro';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Term label={label} small>
      {children}
    </Term>
  );
}

const fieldGrid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5, m: 0 } as const;

/**
 * A vehicle asker's contact: the server sends it only to a recorded reveal (a role with `questions.reveal`),
 * held in memory while shown, per question, never remembered.
 */
function AskerContact({ questionId, answered }: { questionId: number; answered: number | undefined }) {
  const { t } = useLingui();
  const denial = useDenial('questions.reveal');
  const reveal = useRevealContact(questionId);
  const contact = reveal.data;
  const name = [contact?.first_name, contact?.last_name].filter(Boolean).join(' ');
  const phone = contact?.phone ? `(${contact.phone.area_code}) ${contact.phone.number}` : '';
  return (
    <Box component="section" aria-label={t`Contact`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t`Contact`}
        </Typography>
        {!denial && <RevealToggle reveal={reveal} />}
      </Stack>
      {denial ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {denial}
        </Typography>
      ) : (
        !contact && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t`Personal data: revealing it is recorded in the account’s audit trail.`}
          </Typography>
        )
      )}
      {reveal.isError && (
        <ErrorAlert
          error={reveal.error}
          describeError={(error) => (isApiError(error, 404) ? t`This question carries no contact data.` : undefined)}
          onRetry={() => reveal.mutate()}
        />
      )}
      <Box component="dl" sx={fieldGrid}>
        {contact && (
          <>
            <Field label={t`Name`}>{name}</Field>
            <Field label={t`Phone`}>{phone && <Link href={`tel:${phone.replace(/\D/g, '')}`}>{phone}</Link>}</Field>
            <Field label={t`Email`}>{contact.email && <Link href={`mailto:${contact.email}`}>{contact.email}</Link>}</Field>
          </>
        )}
        {answered !== undefined && <Field label={t`Answered questions`}>{answered}</Field>}
      </Box>
    </Box>
  );
}

function ItemSummary({ itemId, onFilterItem }: { itemId: string; onFilterItem: (item: string) => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const item = useQuery(itemQuery(itemId));
  return (
    <Box component="section" aria-label={t`Item`}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t`Item`}
      </Typography>
      {item.isError ? (
        <ErrorAlert error={item.error} describeError={() => t`The item could not be loaded.`} onRetry={() => void item.refetch()} />
      ) : (
        <Box component="dl" sx={fieldGrid}>
          <Field label={t`Item`}>
            {/* Two lines are held for the title, which arrives after the question: nothing below moves. */}
            <Box
              component="span"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: '2lh' }}
              title={item.data?.title}
            >
              {/* Isolated: a direction override in the seller-written title must not reverse the id after it. */}
              {item.data ? (
                <>
                  <bdi>{item.data.title}</bdi> ({itemId})
                </>
              ) : (
                itemId
              )}
            </Box>
          </Field>
          <Field label={t`Price`}>{item.data ? format.money(item.data.price, item.data.currency_id) : '…'}</Field>
          <Field label={t`Available quantity`}>{item.data ? format.number(item.data.available_quantity) : '…'}</Field>
        </Box>
      )}
      <Button size="small" sx={{ mt: 1 }} onClick={() => onFilterItem(itemId)}>
        {t`Questions on this item`}
      </Button>
    </Box>
  );
}

function Actions({ question, onClose }: { question: Question; onClose: () => void }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteQuestion();
  const hide = useHideQuestions();
  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={hide.isPending}
          onClick={() =>
            hide.mutate([question.id], {
              onSuccess: () => {
                showToast(t`Question hidden from the inbox.`, 'success');
                onClose();
              },
            })
          }
        >
          {t`Hide`}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {t`Delete`}
        </Button>
      </Stack>
      {hide.isError && <ErrorAlert error={hide.error} describeError={describeQuestionError} onRetry={() => hide.mutate([question.id])} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t`Delete question ${{ id: String(question.id) }}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t`The question is deleted for good, for you and the buyer.`}</DialogContentText>
          {remove.isError && <ErrorAlert error={remove.error} describeError={describeQuestionError} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t`Close`}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(question.id, {
                onSuccess: (confirmation) => {
                  setConfirming(false);
                  // A confirmation of another shape (drift) still means deleted.
                  showToast(confirmation ? t`The server confirmed: ${{ confirmation: confirmation[0] }}` : t`Question deleted.`, 'success');
                  onClose();
                },
              })
            }
          >
            {t`Delete`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

interface QuestionDetailProps {
  id: number;
  onClose: () => void;
  onFilterItem: (item: string) => void;
  /** Phones show the detail full screen, with a way back instead of a close button. */
  fullScreen: boolean;
}

export function QuestionDetail({ id, onClose, onFilterItem, fullScreen }: QuestionDetailProps) {
  const { t } = useLingui();
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const query = useQuery(detailQuery(id));
  // Answering, deleting and hiding are one permission: one sentence says why all three are missing.
  const writeDenial = useDenial('questions.write');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="question-title"
      // Beside the list it stays in view while the list scrolls.
      sx={{
        p: 2,
        minWidth: 0,
        alignSelf: 'start',
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { md: 'calc(100dvh - 96px)' },
        overflowY: { md: 'auto' },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {fullScreen && (
          <Button startIcon={<ArrowBackIcon />} onClick={onClose}>
            {t`Back to the list`}
          </Button>
        )}
        <Typography id="question-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 'min(100%, 200px)' }}>
          {t`Question ${{ id: String(id) }}`}
        </Typography>
        {!fullScreen && (
          <Button startIcon={<CloseIcon />} onClick={onClose} aria-keyshortcuts="Escape">
            {t`Close`}
          </Button>
        )}
      </Stack>
      <DataState
        query={query}
        describeError={(error) => (isApiError(error, 404) ? t`This question does not exist or was deleted.` : undefined)}
      >
        {(question) => (
          <Stack spacing={2} divider={<Divider flexItem />}>
            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <StatusChip status={question.status} />
                {question.status === 'BANNED' && (
                  <Link href={moderationReasonsUrl} target="_blank" rel="noopener noreferrer" variant="body2">
                    {t`Why?`}
                  </Link>
                )}
              </Stack>
              <Typography
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: question.status === 'BANNED' ? 'italic' : undefined }}
              >
                {question.status === 'BANNED' ? t`Moderated question: its text is hidden.` : question.text}
              </Typography>
              <Box component="dl" sx={{ ...fieldGrid, mt: 2 }}>
                <Field label={t`Buyer ID`}>{question.buyer_id}</Field>
                <Field label={t`App ID`}>{question.app_id}</Field>
                <Field label={t`Asked`}>{format.dateTime(question.date_created)}</Field>
                <Field label={t`Last updated`}>{format.dateTime(question.last_updated)}</Field>
              </Box>
            </Box>
            {/* Only vehicle askers carry a contact; their count of answered questions says so once the contact is stripped. */}
            {question.from.answered_questions !== undefined && (
              <AskerContact key={question.id} questionId={question.id} answered={question.from.answered_questions} />
            )}
            <ItemSummary itemId={question.item_id} onFilterItem={onFilterItem} />
            <Box component="section" aria-label={t`Answer`}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t`Answer`}
              </Typography>
              {question.answer ? (
                <>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {question.status === 'BANNED' ? t`Moderated question: its text is hidden.` : question.answer.text}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t`Answer status: ${{ status: question.answer.status }}`} ·{' '}
                    {t`Answered ${{ date: format.dateTime(question.answer.date_created) }}`}
                  </Typography>
                </>
              ) : question.status === 'UNANSWERED' && writeDenial ? (
                <Typography color="text.secondary">{writeDenial}</Typography>
              ) : question.status === 'UNANSWERED' ? (
                <AnswerComposer key={question.id} questionId={question.id} />
              ) : (
                <Typography color="text.secondary">{statusLabel(question.status)}</Typography>
              )}
            </Box>
            {writeDenial ? (
              // An unanswered question said it where the answer would be written.
              question.status !== 'UNANSWERED' && (
                <Typography variant="body2" color="text.secondary">
                  {writeDenial}
                </Typography>
              )
            ) : (
              <Actions question={question} onClose={onClose} />
            )}
          </Stack>
        )}
      </DataState>
    </Paper>
  );
}
