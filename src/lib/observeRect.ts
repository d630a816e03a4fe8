import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * The size of a virtualized list's scroller, as the virtualizer's own `observeElementRect` reports it but
 * without its first, synchronous measure: that getBoundingClientRect ran while the list mounted, with the page's
 * new elements not laid out yet, and so laid out the whole page in the middle of React's commit (a forced
 * layout, the longest part of that task). Here the first size comes from ResizeObserver once the browser has
 * laid the page out itself; until then the list uses its `initialRect`. Without ResizeObserver (jsdom) the
 * `initialRect` stays.
 */
export function observeRectAfterLayout<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  report: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver !== 'function') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentBoxSize[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}
