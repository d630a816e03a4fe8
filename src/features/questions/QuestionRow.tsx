import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { deletionTime, type Question } from '../../api/questions';
import { useFormat } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';
import { itemQuery } from './queries';
import { StatusChip } from './StatusChip';

/** Unanswered questions this close to their 7-month deletion carry a warning. */
const warnBeforeMs = 14 * 86_400_000;

/** Where the spec says the reasons for BANNED live (/moderations/infractions; its shape is not shown). */
export const moderationReasonsUrl = 'https://api.mercadolibre.com/moderations/infractions';

interface QuestionRowProps {
  question: Question;
  now: number;
  open: boolean;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
}

export function QuestionRow({ question, now, open, selected, onSelect }: QuestionRowProps) {
  const t = useMessages(messages);
  const format = useFormat();
  const location = useLocation();
  const item = useQuery(itemQuery(question.item_id));
  const banned = question.status === 'BANNED';
  const untilDeletion = deletionTime(Date.parse(question.date_created)) - now;
  const nearDeletion = question.status === 'UNANSWERED' && untilDeletion < warnBeforeMs;
  return (
    <Box sx={{ display: 'flex', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: open ? 'action.selected' : undefined }}>
      <Checkbox
        size="small"
        checked={selected}
        onChange={(event) => onSelect(question.id, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('selectQuestion', { id: String(question.id) }) } }}
        sx={{ alignSelf: 'flex-start', p: 0.5 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary" noWrap title={item.data?.title ?? question.item_id}>
          {item.data?.title ?? question.item_id}
        </Typography>
        <Link
          component={RouterLink}
          to={{ pathname: `/questions/${question.id}`, search: location.search }}
          aria-current={open ? 'true' : undefined}
          data-question-link={question.id}
          underline="hover"
          color="text.primary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            fontWeight: question.status === 'UNANSWERED' ? 600 : 400,
            fontStyle: banned ? 'italic' : undefined,
          }}
        >
          {banned ? t('moderated') : question.text}
        </Link>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <StatusChip status={question.status} />
          {banned && (
            <Link href={moderationReasonsUrl} target="_blank" rel="noopener noreferrer" variant="body2">
              {t('moderationReason')}
            </Link>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('askerId', { id: String(question.from.id) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" title={format.dateTime(question.date_created)}>
            {format.relative(question.date_created, now)}
          </Typography>
          {nearDeletion && <Chip size="small" variant="outlined" label={t('nearDeletion', { count: Math.max(0, Math.ceil(untilDeletion / 86_400_000)) })} />}
        </Box>
        {question.answer && !banned && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.5 }}>
            {t('answerPreview', { text: question.answer.text })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function LoadingRow() {
  const t = useMessages(messages);
  return (
    <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} aria-label={t('loadingRow')} role="status">
      <Skeleton width="40%" />
      <Skeleton />
      <Skeleton width="60%" />
    </Box>
  );
}
