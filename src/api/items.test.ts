import { describe, expect, it } from 'vitest';
import { configureClient } from './client';
import { getItem } from './items';
import { testDb } from '../test/demo';

describe('GET /items/{id}', () => {
  it('returns every seeded item in the schema the client expects', async () => {
    for (const item of testDb().items.values()) {
      await expect(getItem(item.id)).resolves.toMatchObject({ id: item.id, title: item.title, price: item.price });
    }
  });

  it('is public: answers without a token', async () => {
    configureClient({ getToken: () => '' });
    const [first] = testDb().items.values();
    await expect(getItem(first!.id)).resolves.toMatchObject({ id: first!.id });
  });

  it('answers 404 not_found for an unknown id', async () => {
    await expect(getItem('MLA999')).rejects.toMatchObject({ status: 404, error: 'not_found' });
  });
});
