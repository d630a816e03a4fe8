import { startTransition, useEffect, useReducer } from 'react';

/**
 * A download a lazily loaded part suspends on, and whether it has settled.
 */
export interface Download {
  promise: Promise<unknown>;
  settled: boolean;
}

export function track(promise: Promise<unknown>): Download {
  const download: Download = { promise, settled: false };
  const settle = () => {
    download.settled = true;
  };
  promise.then(settle, settle);
  return download;
}

/**
 * For the component that holds a Suspense boundary around a lazily loaded part: renders it again, in a
 * transition, once the part's download (`current()`, read after the commit) settles. React shows what a
 * boundary waited for in a retry render, and holds such renders until 300 ms after any fallback last appeared
 * or went (its FALLBACK_THROTTLE_MS). On a cold load the shell paints with the page's fallback and the page's
 * code arrives 100-200 ms later, so the page stood ready, unshown, for the rest of those 300 ms (observed: 144
 * ms at 1x, during which the demo's simulator started and its first requests went out, all of it then counted
 * before the largest paint). A transition render is not held. The calling component must render its boundary
 * afresh each time (`'use no memo'` with the React Compiler, which would otherwise hand back the same elements).
 */
export function useShowOnArrival(current: () => Download | undefined): void {
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const download = current();
    if (!download || download.settled) return;
    let mounted = true;
    const show = () => mounted && startTransition(renderAgain);
    download.promise.then(show, show);
    return () => {
      mounted = false;
    };
  }, [current]);
}
