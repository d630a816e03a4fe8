import { createAnswerIndex } from '../../../core/suggestions.ts';
import type { Question } from '../../api/questions';

/**
 * How alike two questions' texts must be (the suggestions' ranking score, 0 to 1) to be offered one answer: the
 * same question in other words ("¿Hay talle 42 disponible?" and "¿Tenés talle 42?", 0.70), never one that asks
 * something more ("… en negro?", 0.46) or about something else ("¿Hay talle 41?", 0.34). High, since they are
 * offered checked: answering a question that only looked the same is worse than answering it on its own later.
 */
const similarThreshold = 0.6;

/**
 * The questions among `waiting` that one answer to `open` also answers: on the same item, unanswered, and
 * similar above `similarThreshold`, the most similar first. Ranked by the suggestions' own measure (one
 * ranking, not one per feature), over these questions only, the open one among them so that what they all
 * share weighs as little as it should.
 */
export function similarQuestions(open: Question, waiting: readonly Question[]): Question[] {
  const candidates = waiting.filter((q) => q.id !== open.id && q.item_id === open.item_id && q.status === 'UNANSWERED');
  if (candidates.length === 0) return [];
  const byId = new Map(candidates.map((q) => [q.id, q]));
  const index = createAnswerIndex(
    [open, ...candidates].map((q) => ({ questionId: q.id, itemId: q.item_id, question: q.text, answer: '' })),
    // The account's language only decides for texts too short to tell: the marketplace's Spanish by default.
    'es',
  );
  return index
    .suggest({ text: open.text, itemId: open.item_id }, candidates.length + 1)
    .filter((suggestion) => suggestion.score >= similarThreshold)
    .flatMap((suggestion) => byId.get(suggestion.answer.questionId) ?? []);
}
