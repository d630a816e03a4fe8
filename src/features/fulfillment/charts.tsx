import { lazy, type ComponentProps } from 'react';
import { WhenNear } from '../../components/WhenNear';
import { useChartPalette, type ChartLook } from './chartPalette';
import { availabilityChartHeight, notAvailableChartHeight, useChartWidth } from './chartSize';

/*
 * Recharts (about 90 KB gzipped, and its first render) is not part of the area's route: the fulfilled listings
 * never draw a chart, and the inventory and the operations log show their text and tables first. A chart is
 * loaded and drawn once its place comes near the screen (on a phone it is below the fold at first). Each
 * chart holds its exact size while it loads, so nothing below it moves when it arrives.
 */
const LazyNotAvailableChart = lazy(() => import('./NotAvailableChart').then((module) => ({ default: module.NotAvailableChart })));
const LazyAvailabilityChart = lazy(() => import('./AvailabilityChart').then((module) => ({ default: module.AvailabilityChart })));

type PageProps<C extends typeof LazyNotAvailableChart | typeof LazyAvailabilityChart> = Omit<ComponentProps<C>, keyof ChartLook>;

/** The look both charts take: CSS variables, so SVG colours follow the light/dark scheme like the rest of the page. */
function useLook(height: number): ChartLook {
  return { ...useChartPalette(), width: useChartWidth(), height };
}

export function NotAvailableChart(props: PageProps<typeof LazyNotAvailableChart>) {
  const look = useLook(notAvailableChartHeight(props.data.length));
  return (
    <WhenNear height={look.height}>
      <LazyNotAvailableChart {...props} {...look} />
    </WhenNear>
  );
}

export function AvailabilityChart(props: PageProps<typeof LazyAvailabilityChart>) {
  const look = useLook(availabilityChartHeight);
  return (
    <WhenNear height={look.height}>
      <LazyAvailabilityChart {...props} {...look} />
    </WhenNear>
  );
}
