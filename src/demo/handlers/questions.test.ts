import { describe, expect, it } from 'vitest';
import { demoSeller, otherSeller } from '../db/core';
import { testDb } from '../node';

/** POST /questions, checked against the spec with plain requests (the app itself never asks questions). */
async function ask(body: unknown, token = otherSeller.token) {
  const response = await fetch('http://localhost/api/questions', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const item = () => [...testDb().items.values()].find((i) => i.seller_id === demoSeller.id)!;

describe('POST /questions', () => {
  it('creates an UNANSWERED question from the caller that the seller finds first in search', async () => {
    const created = await ask({ item_id: item().id, text: '¿Tiene stock?' });
    expect(created).toMatchObject({
      status: 201,
      body: { status: 'UNANSWERED', text: '¿Tiene stock?', buyer_id: otherSeller.id, seller_id: demoSeller.id },
    });
    const search = await fetch(`http://localhost/api/questions/search?api_version=4&seller_id=${demoSeller.id}&limit=1`, {
      headers: { Authorization: `Bearer ${demoSeller.token}` },
    });
    expect(((await search.json()) as { questions: { id: number }[] }).questions[0]!.id).toBe(created.body.id);
  });

  // Spec "Limits": "| Question / answer text | max 2000 characters |".
  it('takes 2000 characters, refuses 2001 (invalid_text) and blank text (invalid_post_body)', async () => {
    expect(await ask({ item_id: item().id, text: 'a'.repeat(2000) })).toMatchObject({ status: 201 });
    expect(await ask({ item_id: item().id, text: 'a'.repeat(2001) })).toMatchObject({ status: 400, body: { error: 'invalid_text' } });
    expect(await ask({ item_id: item().id, text: ' ' })).toMatchObject({ status: 400, body: { error: 'invalid_post_body' } });
  });

  it('answers 404 for an unknown item and 400 when sellers ask about their own item', async () => {
    expect(await ask({ item_id: 'MLA1', text: 'Hola' })).toMatchObject({ status: 404 });
    expect(await ask({ item_id: item().id, text: 'Hola' }, demoSeller.token)).toMatchObject({
      status: 400,
      body: { error: 'cannot_ask_own_item' },
    });
  });
});
