import { useDeferredValue, useEffect, useState } from 'react';
import type { ContactFinding } from '../../../core/contactGuard.ts';
import { useMe } from '../../lib/identity';
import { useSession } from '../../lib/session';

type Guard = typeof import('../../../core/contactGuard.ts');
let guard: Promise<Guard> | undefined;

/** The contact-data guard and its phone library (large): loaded with the composer, never on first paint. */
function loadGuard(): Promise<Guard> {
  guard ??= import('../../../core/contactGuard.ts').catch((error: unknown) => {
    // A failed chunk load is tried again next time.
    guard = undefined;
    throw error;
  });
  return guard;
}

/** A text and what the guard found in it. */
export interface Checked {
  text: string;
  findings: ContactFinding[];
}

/**
 * What the guard finds in `text` as it is typed (a deferred value: a fast typist is not slowed), and `check`, the
 * answer for the text as it is sent. A guard that could not load finds nothing: the door runs it again.
 */
export function useContactGuard(text: string, account?: string) {
  const mine = useMe().data?.site_id ?? '';
  // An answer sent as another account (the queue's "All my accounts") is checked by its site's rules, as the door does.
  const site = useSession().server?.accounts.find((one) => one.id === account)?.site_id ?? mine;
  const typed = useDeferredValue(text);
  const [checked, setChecked] = useState<Checked>({ text: '', findings: [] });
  useEffect(() => {
    let current = true;
    loadGuard().then(
      (loaded) => current && setChecked({ text: typed, findings: loaded.findContactData(typed, site) }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [typed, site]);
  const check = (sent: string): Promise<ContactFinding[]> =>
    loadGuard().then(
      (loaded) => loaded.findContactData(sent, site),
      () => [],
    );
  return { checked, check };
}
