import { describe, expect, it } from 'vitest';
import type { Question } from '../../api/questions';
import { similarQuestions } from './grouping';

let nextId = 1;
const waiting = (text: string, changes: Partial<Question> = {}): Question => ({
  id: nextId++,
  seller_id: 1,
  item_id: 'MLA1',
  status: 'UNANSWERED',
  text,
  date_created: '2026-12-04T10:00:00.000-03:00',
  deleted_from_listing: false,
  hold: false,
  answer: null,
  from: { id: 500 + nextId },
  ...changes,
});

describe('similar questions offered to answer together', () => {
  const open = waiting('¿Hay talle 42 disponible?');

  it('are the same question in other words, on the same item, still unanswered, the closest first', () => {
    const same = waiting('¿Tenés talle 42?');
    const copy = waiting('hay talle 42 disponible??');
    const found = similarQuestions(open, [
      same,
      waiting('¿Hay talle 42 en negro?'),
      waiting('¿Hay talle 41?'),
      waiting('¿Hacen factura A?'),
      copy,
      waiting('¿Hay talle 42 disponible?', { item_id: 'MLA2' }),
      waiting('¿Hay talle 42 disponible?', { status: 'ANSWERED' }),
      open,
    ]);
    expect(found.map((q) => q.text)).toEqual([copy.text, same.text]);
  });

  it('are none when nothing else waits on the item', () => {
    expect(similarQuestions(open, [open, waiting('¿Hay talle 42?', { item_id: 'MLA9' })])).toEqual([]);
  });
});
