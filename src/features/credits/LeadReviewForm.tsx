import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { leadReviewNoteMax, leadReviewStatuses, type LeadReviewStatus } from '../../../core/leadReviews.ts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useFormat } from '../../lib/format';
import { useDenial } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { describeCreditLeadError } from './errors';
import { reviewStatusLabels } from './labels';
import { leadReviewsQuery, useSetLeadReview } from './queries';
import { useLingui } from '@lingui/react/macro';

/**
 * A lead's review as the team shares it (status, note, who changed it when). What the person changes is a draft
 * until saved; without one, a teammate's change shows as it arrives on the event stream.
 */
export function LeadReviewForm({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { sandbox } = useSession();
  const denial = useDenial('credits.review');
  const reviews = useQuery(leadReviewsQuery(sandbox));
  const review = reviews.data?.find((candidate) => candidate.leadId === id);
  const save = useSetLeadReview(sandbox);
  const [draft, setDraft] = useState<{ status: LeadReviewStatus; note: string } | null>(null);
  const status = draft?.status ?? review?.status ?? 'new';
  const note = draft?.note ?? review?.note ?? '';
  const tooLong = note.trim().length > leadReviewNoteMax;

  return (
    <Box component="section" aria-label={t`Review`} sx={{ mb: 2 }}>
      {denial ? (
        <>
          <Typography>{t`Review: ${{ status: i18n._(reviewStatusLabels[status]) }}`}</Typography>
          {note && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {denial}
          </Typography>
        </>
      ) : (
        <Stack
          component="form"
          spacing={1}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (tooLong) return;
            save.mutate(
              { leadId: id, status, note: note.trim() || null },
              {
                onSuccess: () => {
                  setDraft(null);
                  showToast(t`Review saved.`, 'success');
                },
              },
            );
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t`Review status`}
              value={status}
              onChange={(event) => setDraft({ status: event.target.value as LeadReviewStatus, note })}
              sx={{ minWidth: 180 }}
            >
              {leadReviewStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {i18n._(reviewStatusLabels[value])}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" size="small" disabled={draft === null || tooLong || save.isPending}>
              {t`Save review`}
            </Button>
          </Stack>
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t`Note`}
            value={note}
            onChange={(event) => setDraft({ status, note: event.target.value })}
            error={tooLong}
            helperText={
              tooLong
                ? t`At most ${{ max: format.number(leadReviewNoteMax) }} characters: shorten the note to save it.`
                : t`${{ count: format.number(note.trim().length) }} of ${{ max: format.number(leadReviewNoteMax) }} characters. Seen by the team; no buyer contact data.`
            }
          />
        </Stack>
      )}
      {review?.changedBy && (
        <Typography variant="caption" color="text.secondary">
          {t`Changed by ${{ name: review.changedBy.name }} on ${{ date: format.dateTime(review.changedAt) }}`}
        </Typography>
      )}
      {reviews.isError && (
        <ErrorAlert error={reviews.error} describeError={describeCreditLeadError} onRetry={() => void reviews.refetch()} />
      )}
      {save.isError && <ErrorAlert error={save.error} describeError={describeCreditLeadError} />}
    </Box>
  );
}
