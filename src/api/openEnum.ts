import { z } from 'zod/mini';
import './zodLocale';
import { recordDrift } from './drift';

/**
 * A string field whose list of values the API may grow (statuses, types). A value this app does not know
 * passes as it came, so the page shows it in a neutral way instead of failing on it, and is recorded as
 * contract drift under `where`.
 */
export function openEnum(where: string, isKnown: (value: string) => boolean) {
  return z.pipe(
    z.string(),
    z.transform((value) => {
      if (!isKnown(value)) recordDrift(where, `unknown value ${JSON.stringify(value)}`);
      return value;
    }),
  );
}
