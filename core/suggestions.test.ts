import { describe, expect, it } from 'vitest';
import { createAnswerIndex, createAnswerIndexInSlices, type PastAnswer } from './suggestions.ts';
import labelled from './fixtures/suggestions-labelled.json' with { type: 'json' };

const categoryOf = new Map(labelled.items.map((item) => [item.id, item.category]));
const answers: PastAnswer[] = labelled.answered.map((a) => ({
  questionId: a.id,
  itemId: a.item_id,
  categoryId: categoryOf.get(a.item_id),
  question: a.question,
  answer: a.answer,
}));

describe('suggestions from past answers', () => {
  it('puts the right earlier answer among the three shown for at least 80% of the paraphrases, well above the latest three', () => {
    const index = createAnswerIndex(answers, 'es');
    const hits = labelled.new.filter((q) =>
      index
        .suggest({ text: q.question, itemId: q.item_id, categoryId: categoryOf.get(q.item_id) })
        .some((s) => s.answer.questionId === q.expected),
    );
    // The baseline: the three latest answers on the same item (ids grow with time).
    const baseline = labelled.new.filter((q) =>
      answers
        .filter((a) => a.itemId === q.item_id)
        .sort((a, b) => b.questionId - a.questionId)
        .slice(0, 3)
        .some((a) => a.questionId === q.expected),
    );
    const rate = hits.length / labelled.new.length;
    const baselineRate = baseline.length / labelled.new.length;
    const missed = labelled.new.filter((q) => !hits.includes(q));
    console.info(
      `suggestions on ${labelled.new.length} labelled questions over ${answers.length} answers: right answer in the three shown for ${(rate * 100).toFixed(1)}% (baseline, the three latest on the item: ${(baselineRate * 100).toFixed(1)}%)` +
        (missed.length ? `\n  missed: ${missed.map((q) => q.question).join(' | ')}` : ''),
    );
    expect(rate).toBeGreaterThanOrEqual(0.8);
    expect(rate - baselineRate).toBeGreaterThanOrEqual(0.3);
  });

  it('offers the same item first, then the same category, then any, and never an unrelated answer', () => {
    const past: PastAnswer[] = [
      { questionId: 1, itemId: 'MLA1', categoryId: 'C1', question: '¿Tiene garantía?', answer: 'Sí, 12 meses.' },
      { questionId: 2, itemId: 'MLA2', categoryId: 'C1', question: '¿Tiene garantía oficial?', answer: 'Sí, 6 meses.' },
      { questionId: 3, itemId: 'MLA3', categoryId: 'C2', question: 'tiene garantia?', answer: 'Sí, 3 meses.' },
      { questionId: 4, itemId: 'MLA1', categoryId: 'C1', question: '¿Hacen envíos a Salta?', answer: 'Sí, por correo.' },
    ];
    const shown = createAnswerIndex(past, 'es').suggest({ text: 'Tiene garantia oficial??', itemId: 'MLA1', categoryId: 'C1' });
    expect(shown.map((s) => [s.answer.questionId, s.scope])).toEqual([
      [1, 'item'],
      [2, 'category'],
      [3, 'any'],
    ]);
  });

  it('tolerates a typo and folds accents and case', () => {
    const past: PastAnswer[] = [
      { questionId: 1, itemId: 'MLB1', question: 'Qual o prazo de entrega para Curitiba?', answer: 'Chega em 3 dias úteis.' },
      { questionId: 2, itemId: 'MLB1', question: 'É original?', answer: 'Sim, original.' },
    ];
    const [first] = createAnswerIndex(past, 'pt').suggest({ text: 'QUAL O PRASO DE ENTREGA PRA CURITIBA', itemId: 'MLB1' });
    expect(first?.answer.questionId).toBe(1);
  });

  it('makes the same index in slices, pausing between them, as at once', async () => {
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    // A slice of no time: a pause after every step, one per answer for its features and one for its weights.
    const sliced = await createAnswerIndexInSlices(answers, 'es', pause, 0);
    expect(pauses).toBe(2 * answers.length);
    const whole = createAnswerIndex(answers, 'es');
    for (const q of labelled.new) {
      const question = { text: q.question, itemId: q.item_id, categoryId: categoryOf.get(q.item_id) };
      expect(sliced.suggest(question)).toEqual(whole.suggest(question));
    }
  });

  it('runs a slice for as long as it is given before it pauses', async () => {
    let pauses = 0;
    await createAnswerIndexInSlices(answers, 'es', async () => void (pauses += 1), 60_000);
    expect(pauses).toBe(0);
  });
});
