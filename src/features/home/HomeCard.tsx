import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataState } from '../../components/DataState';
import { memoPerLocale, useLocale } from '../../lib/i18n';

interface HomeCardProps {
  title: string;
  to: string;
  children: ReactNode;
  /**
   * The card's height (px) once loaded with typical figures on a phone. The first cards hold it while
   * loading, so the figures' arrival does not push the cards below them around the screen.
   */
  reserve?: number;
}

/** A card of the home screen: an outlined region named by its h2, which is the link to the page behind it. */
export function HomeCard({ title, to, children, reserve }: HomeCardProps) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0, minHeight: reserve }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={to} underline="hover">
          {title}
        </Link>
      </Typography>
      {children}
    </Paper>
  );
}

const timeFormat = memoPerLocale((locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }));

/** When a card's figure was read (the time of the answer in the cache, so a cached figure says its age). */
export function ReadAt({ time }: { time: number }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
      {t`Read at ${{ time: timeFormat(locale).format(time) }}`}
    </Typography>
  );
}

interface FigureProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** Shown instead of children when `isEmpty(data)`; the time of the read shows all the same. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}

/**
 * One read of a card: its loading, error (with retry), empty and data states, and when its figure was read.
 * Each read has its own, so a slow or failing area never blanks another.
 */
export function Figure<T>({ query, children, isEmpty, empty }: FigureProps<T>) {
  return (
    <DataState query={query}>
      {(data) => (
        <>
          {isEmpty?.(data) ? empty : children(data)}
          <ReadAt time={query.dataUpdatedAt} />
        </>
      )}
    </DataState>
  );
}

/** A card's main figure, large, with its words beside it. */
export function Headline({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" variant="h4" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      {children}
    </Typography>
  );
}

export function Quiet({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}
