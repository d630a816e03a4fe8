import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component the first paint doesn't need, downloaded when it is first rendered. It renders nothing
 * until it arrives; a failed download also renders nothing (never a white screen), and the next mount
 * tries again.
 */
export function onDemand<P extends object>(importComponent: () => Promise<ComponentType<P>>): ComponentType<P> {
  const load = (): Promise<{ default: ComponentType<P> }> =>
    importComponent().then(
      (component) => ({ default: component }),
      () => {
        Lazy = lazy(load);
        return { default: () => null };
      },
    );
  let Lazy = lazy(load);
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
