/**
 * Contract drift: the API answered something the spec does not describe (an unexpected body after a
 * successful write, an unknown enum value) and the app went on with it rather than fail. Each case is
 * kept here, without console noise, so the app or a test can see what drifted.
 */
export interface Drift {
  /** Where it was seen, e.g. `POST /answers` or `question status`. */
  where: string;
  detail: string;
  /** How many times this same drift was seen. */
  count: number;
}

/** Enough to tell what drifted; a long session must not grow the record without bound. */
const maxRecords = 50;
const records = new Map<string, Drift>();

export function recordDrift(where: string, detail: string): void {
  const key = `${where}\n${detail}`;
  const seen = records.get(key);
  if (seen) {
    seen.count += 1;
    return;
  }
  if (records.size >= maxRecords) records.delete(records.keys().next().value as string);
  records.set(key, { where, detail, count: 1 });
}

/** The drifts seen so far, oldest first (copies: readers cannot change the record). */
export function driftRecords(): Drift[] {
  return [...records.values()].map((drift) => ({ ...drift }));
}

/** Forgets every drift (tests start from an empty record). */
export function clearDrift(): void {
  records.clear();
}
