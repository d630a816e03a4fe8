import { useEffect, useState } from 'react';

/**
 * True once the element is on screen or within `margin` of it, and from then on. What is drawn below the
 * fold (a chart: its library and its first render) then costs nothing while the page loads on a phone and
 * is ready by the time the seller scrolls to it. Without IntersectionObserver (jsdom) it is true at once.
 * Returns a callback ref for the element and the flag.
 */
export function useNearViewport<E extends Element>(margin = '300px'): [(element: E | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<E | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return [setElement, near];
}
