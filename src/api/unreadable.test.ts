import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { driftRecords } from './drift';
import { eachElement, isUnreadable } from './unreadable';

const schema = z.object({ id: z.int(), title: z.string(), tags: z.optional(z.array(z.string())) });
const list = eachElement(schema, 'GET /things');

describe('eachElement', () => {
  it('reads each element on its own: the readable ones as usual, the others in their place, each recorded as drift', () => {
    const read = list.parse([
      { id: 1, title: 'one' },
      { id: 2 },
      { id: 3, title: 'three', tags: [4] },
      { title: 'no id' },
      'not an object',
      { id: 6, title: 'six', extra: true },
    ]);
    expect(read).toEqual([
      { id: 1, title: 'one' },
      { unreadable: 'missing', id: '2' },
      { unreadable: 'invalid', id: '3' },
      { unreadable: 'missing', id: null },
      { unreadable: 'invalid', id: null },
      { id: 6, title: 'six' },
    ]);
    expect(read.filter(isUnreadable)).toHaveLength(4);
    expect(driftRecords()).toEqual([
      { where: 'GET /things', detail: expect.stringMatching(/^2: title: /), count: 1 },
      { where: 'GET /things', detail: expect.stringMatching(/^3: tags\.0: /), count: 1 },
      { where: 'GET /things', detail: expect.stringMatching(/^\(no id\): id: /), count: 1 },
      { where: 'GET /things', detail: expect.stringMatching(/^\(no id\): \(root\): /), count: 1 },
    ]);
  });

  it('names an element by a string id too, cut to 100 characters', () => {
    expect(list.parse([{ id: 'x'.repeat(500) }])).toEqual([{ unreadable: 'missing', id: 'x'.repeat(100) }]);
  });

  it('still fails when the answer is not a list at all', () => {
    expect(list.safeParse({ id: 1, title: 'one' }).success).toBe(false);
  });
});
