import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` rows to mount: a first screenful at once, then `step` more in each later
 * task until all are there. A page of 100 table rows committed in one piece was a task of 30-50 ms at 1x
 * CPU on arrival (4x that on a mid-range phone); in steps, each commit stays short and the first rows paint
 * sooner. A list whose rows change keeps what it has revealed: only the first arrival is staged.
 */
export function useRevealed(total: number, first = 20, step = 20): number {
  const [revealed, setRevealed] = useState(first);
  useEffect(() => {
    if (revealed >= total) return;
    const timer = setTimeout(() => startTransition(() => setRevealed((count) => count + step)));
    return () => clearTimeout(timer);
  }, [revealed, total, step]);
  return Math.min(revealed, total);
}
