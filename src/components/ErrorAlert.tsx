import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { describeError, type DescribeAreaError } from './describeError';
import { useLingui } from '@lingui/react/macro';

interface ErrorAlertProps {
  error: unknown;
  /** Offered as a "Retry" button when given. */
  onRetry?: () => void;
  /** The area's words for the spec's error rows; the common words are used otherwise. */
  describeError?: DescribeAreaError;
  title?: string;
}

/** An inline error with its meaning in words and a retry: never a white screen. */
export function ErrorAlert({ error, onRetry, describeError: describeArea, title }: ErrorAlertProps) {
  const { t, i18n } = useLingui();
  const described = describeError(error, i18n, describeArea);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t`Retry`}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title ?? t`Something went wrong`}</AlertTitle>
      {described.summary}
      {described.details && (
        <details>
          <summary>{t`Details`}</summary>
          <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{described.details}</code>
        </details>
      )}
    </Alert>
  );
}
