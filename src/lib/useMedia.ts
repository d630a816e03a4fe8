import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes (MUI's useMediaQuery without MUI). Where the
 * browser cannot tell (jsdom), it does not match.
 */
export function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const matches = () => typeof matchMedia === 'function' && matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, matches);
}
