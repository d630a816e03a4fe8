import { useCallback, useState } from 'react';

/**
 * True once the element is on screen or within `margin` of it, and from then on. What is drawn below the
 * fold (a chart: its library and its first render) then costs nothing while the page loads on a phone and
 * is ready by the time the seller scrolls to it. Without IntersectionObserver (jsdom) it is true at once.
 * Returns a callback ref for the element and the flag. The ref observes the element itself (its cleanup stops
 * observing): keeping the element in state would set that state in React's commit, which makes the commit
 * render again at once, in the same task as the page's passive effects.
 */
export function useNearViewport<E extends Element>(margin = '300px'): [(element: E | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: E | null) => {
      if (near || !element) return undefined;
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
        rootMargin: margin,
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
