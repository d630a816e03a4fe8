import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { useNearViewport } from './useNearViewport';

/** An IntersectionObserver the test drives: `enter()` reports the observed element near the screen. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => {
  FakeObserver.instances = [];
  vi.unstubAllGlobals();
});

test('is false until the element comes within the margin of the screen, then true for good', () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  render(<Probe />);
  expect(screen.getByText('far')).toBeInTheDocument();
  const [observer] = FakeObserver.instances;
  expect(observer?.options.rootMargin).toBe('300px');
  expect(observer?.observed).toEqual([screen.getByText('far')]);

  act(() => observer!.report(false));
  expect(screen.getByText('far')).toBeInTheDocument();
  act(() => observer!.report(true));
  expect(screen.getByText('near')).toBeInTheDocument();
  expect(observer?.disconnected).toBe(true);
  expect(FakeObserver.instances).toHaveLength(1);
});

test('without IntersectionObserver it is true at once', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<Probe />);
  expect(screen.getByText('near')).toBeInTheDocument();
});

test('mounts without rendering again inside its commit', async () => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const phases: string[] = [];
  render(
    <Profiler id="probe" onRender={(_id, phase) => phases.push(phase)}>
      <Probe />
    </Profiler>,
  );
  expect(phases).toEqual(['mount']);
  expect(FakeObserver.instances[0]?.observed).toEqual([screen.getByText('far')]);
});
