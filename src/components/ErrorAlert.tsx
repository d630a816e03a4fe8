import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useMessages } from '../lib/i18n';
import { describeError, type DescribeAreaError } from './describeError';
import { commonMessages } from './messages';

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
  const t = useMessages(commonMessages);
  const described = describeError(error, t, describeArea);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title ?? t('errorTitle')}</AlertTitle>
      {described.summary}
      {described.details && (
        <details>
          <summary>{t('showDetails')}</summary>
          <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{described.details}</code>
        </details>
      )}
    </Alert>
  );
}
