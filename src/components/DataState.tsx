import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import type { DescribeAreaError } from './describeError';
import { ErrorAlert } from './ErrorAlert';
import { Loading } from './Loading';
import { useLingui } from '@lingui/react/macro';

interface DataStateProps<T> {
  /** A query's state, or one whose data is made from a query's (its refetch is the query's). */
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'> & { refetch: () => Promise<unknown> };
  children: (data: T) => ReactNode;
  /** Shown instead of children when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The area's words for the spec's error rows, instead of the common ones. */
  describeError?: DescribeAreaError;
}

/**
 * Loading, error (with retry), empty and data states of one query. Once data is there, a failed
 * background refetch keeps it on screen (the shell shows a toast instead).
 */
export function DataState<T>({ query, children, empty, isEmpty, describeError }: DataStateProps<T>) {
  const { t } = useLingui();
  // Lists and tables are drawn from the data at low priority: React can then split that render into
  // short tasks (and drop it for newer data) instead of blocking the page when the data arrives.
  const data = useDeferredValue(query.data);
  if (data !== undefined) {
    if (isEmpty?.(data)) return <>{empty ?? <Typography color="text.secondary">{t`Nothing to show yet.`}</Typography>}</>;
    return <>{children(data)}</>;
  }
  if (query.isError) {
    return <ErrorAlert error={query.error} describeError={describeError} onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}
