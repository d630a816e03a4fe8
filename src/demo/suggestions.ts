import { http, HttpResponse } from 'msw';
import { createAnswerIndexInSlices, languageOfSite, type AnswerIndex, type PastAnswer } from '../../core/suggestions.ts';
import type { Db } from './db';

/**
 * `GET /suggestions?question_id=` as Seller Desk's server answers it (docs/answer-queue.md), over the simulator's
 * answered questions of the seeded seller: the three best earlier answers by core/suggestions.ts. The index is
 * made again only when the answered questions changed (an answer sent since), in slices of a few milliseconds: the
 * simulator runs on the page's main thread.
 */
export function createSuggestionHandler(db: Db) {
  let index: { answered: number; built: Promise<AnswerIndex> } | null = null;
  const categoryOf = (itemId: string) => db.items.get(itemId)?.category_id;

  function current() {
    const answered = [...db.questions.byId.values()].filter(
      (q) => q.seller_id === db.seller.id && q.status === 'ANSWERED' && q.answer !== null,
    );
    if (index?.answered !== answered.length) {
      const past: PastAnswer[] = answered.map((q) => ({
        questionId: q.id,
        itemId: q.item_id,
        categoryId: categoryOf(q.item_id),
        question: q.text,
        answer: q.answer!.text,
      }));
      const pause = () => new Promise<void>((resolve) => setTimeout(resolve));
      index = { answered: answered.length, built: createAnswerIndexInSlices(past, languageOfSite(db.seller.site_id), pause) };
    }
    return index.built;
  }

  return http.get('*/suggestions', async ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('question_id'));
    const question = db.questions.byId.get(id);
    if (!Number.isInteger(id) || !question || question.seller_id !== db.seller.id)
      return HttpResponse.json({ error: 'not_found', message: 'No such question of this account' }, { status: 404 });
    const suggestions = (await current())
      .suggest({ text: question.text, itemId: question.item_id, categoryId: categoryOf(question.item_id) }, 3)
      .map(({ answer, scope }) => ({ questionId: answer.questionId, question: answer.question, answer: answer.answer, scope }));
    return HttpResponse.json({ suggestions });
  });
}
