import { elementScroll, measureElement, type Virtualizer } from '@tanstack/react-virtual';

/*
 * Options for a virtualized list that spare its mount two forced layouts. The virtualizer measured its scroller
 * (getBoundingClientRect) and scrolled it to its first offset (scrollTo) as soon as it attached, inside React's
 * commit, while the page's new elements were not laid out yet: each made the browser lay out the whole page
 * there and then, the longest parts of that task. With these, the first size comes from ResizeObserver once the
 * browser has laid the page out itself (until then `initialRect` stands), and a freshly mounted scroller, which is
 * at the top already, is not scrolled there. Without ResizeObserver (jsdom) `initialRect` stays.
 */

function observeRectAfterLayout<S extends Element, I extends Element>(
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

const attached = new WeakSet<Element>();

function scrollUnlessFresh<S extends Element, I extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<S, I>,
): void {
  const element = instance.scrollElement;
  if (element && !attached.has(element)) {
    attached.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/**
 * A row of its own height (`ref={virtualizer.measureElement}`) is measured by ResizeObserver, which reports it after
 * the browser's own layout. As it mounts, its size so far (or the estimate) stands: measured there, each row read its
 * height inside React's commit (offsetHeight), the browser laid the page out for the first, and the changed sizes
 * drew the rows again in the same task (35 ms at 1x on the stock list).
 */
function measureAfterLayout<S extends Element, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
): number {
  if (entry || typeof ResizeObserver !== 'function') return measureElement(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/** Spread into `useVirtualizer`'s options, with an `initialRect` for the scroller's size until it is measured. */
export const quietMount = { observeElementRect: observeRectAfterLayout, scrollToFn: scrollUnlessFresh, measureElement: measureAfterLayout };
