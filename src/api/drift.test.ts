import { afterEach, describe, expect, it } from 'vitest';
import { clearDrift, driftRecords, recordDrift } from './drift';

describe('drift record', () => {
  afterEach(clearDrift);

  it('keeps each drift once with how often it was seen, oldest first', () => {
    recordDrift('POST /answers', 'body: unexpected');
    recordDrift('question status', 'NEW_STATUS');
    recordDrift('POST /answers', 'body: unexpected');
    expect(driftRecords()).toEqual([
      { where: 'POST /answers', detail: 'body: unexpected', count: 2 },
      { where: 'question status', detail: 'NEW_STATUS', count: 1 },
    ]);
  });

  it('drops the oldest once full, and readers cannot change it', () => {
    for (let i = 0; i < 60; i += 1) recordDrift('enum', `value ${i}`);
    const records = driftRecords();
    expect(records).toHaveLength(50);
    expect(records[0]?.detail).toBe('value 10');
    records[0]!.count = 99;
    expect(driftRecords()[0]?.count).toBe(1);
  });
});
