import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track, useShowOnArrival, type Download } from './useShowOnArrival';

function Here() {
  return <p>Here</p>;
}

/** Turns of the event loop (React's scheduler works in them), without waiting on any timer. */
async function turns(count: number) {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('useShowOnArrival', () => {
  // As in a browser, React's scheduler runs on its own, outside act(). Its clock stands still, so React's hold
  // on a retry render (until 300 ms after a fallback showed) is always in force and only a timer ends it.
  beforeEach(() => {
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.restoreAllMocks();
  });

  /** The text a boundary around a lazily loaded part shows a few turns after the part's download ends. */
  async function soonAfterArrival(withHook: boolean): Promise<{ text: string; container: HTMLElement }> {
    let arrive = () => {};
    let download: Download | undefined;
    const Part = lazy(() => {
      const promise = new Promise<{ default: ComponentType }>((resolve) => {
        arrive = () => resolve({ default: Here });
      });
      download = track(promise);
      return promise;
    });
    const current = () => download;
    const boundary = () => (
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    );
    function Boundary() {
      return boundary();
    }
    function Holder() {
      'use no memo';
      useShowOnArrival(current);
      return boundary();
    }
    const container = document.createElement('div');
    createRoot(container).render(withHook ? <Holder /> : <Boundary />);
    await vi.waitFor(() => expect(container.textContent).toBe('Loading'));
    // As on a page, the download ends after the fallback's commit has run its effects (the hook's among them).
    await turns(10);
    arrive();
    await turns(10);
    return { text: container.textContent ?? '', container };
  }

  it('shows the part as soon as its download ends', async () => {
    expect((await soonAfterArrival(true)).text).toBe('Here');
  });

  it('is needed: without it React holds the part back', async () => {
    const { text, container } = await soonAfterArrival(false);
    expect(text).toBe('Loading');
    await vi.waitFor(() => expect(container.textContent).toBe('Here'));
  });
});
