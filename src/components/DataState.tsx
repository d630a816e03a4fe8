import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DescribeAreaError } from './describeError';
import { ErrorAlert } from './ErrorAlert';
import { Loading } from './Loading';
import { useLingui } from '@lingui/react/macro';

interface DataStateProps<T> {
  query: UseQueryResult<T>;
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
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) return <>{empty ?? <Typography color="text.secondary">{t`Nothing to show yet.`}</Typography>}</>;
    return <>{children(query.data)}</>;
  }
  if (query.isError) {
    return <ErrorAlert error={query.error} describeError={describeError} onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}
