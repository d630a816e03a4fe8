import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { describeError } from './describeError';
import { useLingui } from '@lingui/react/macro';

interface ErrorAlertProps {
  error: unknown;
  /** Offered as a "Retry" button when given. */
  onRetry?: () => void;
  /** A feature's own explanation of the spec's error row; the generic description is used otherwise. */
  message?: string;
  title?: string;
}

/** An inline error with its meaning in words and a retry: never a white screen. */
export function ErrorAlert({ error, onRetry, message, title }: ErrorAlertProps) {
  const { t, i18n } = useLingui();
  const described = describeError(error, i18n);
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
      {message ?? described.summary}
      {described.details && (
        <details>
          <summary>{t`Details`}</summary>
          <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{described.details}</code>
        </details>
      )}
    </Alert>
  );
}
