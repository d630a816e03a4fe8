import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { describeError } from '../components/describeError';
import { useStore } from '../lib/store';
import { dismissToast, toastStore } from '../lib/toast';
import { useLingui } from '@lingui/react/macro';

// Shipped in this chunk: a chunk of its own would make the bundler split first-paint code further.
export { StorageNotice } from '../features/settings/StorageNotice';

/** Shows the oldest pending toast; the next one follows when it closes. */
export function Toaster() {
  const { t, i18n } = useLingui();
  const toast = useStore(toastStore)[0];
  if (!toast) return null;
  const text =
    toast.error !== undefined
      ? t`Could not refresh the data; showing what was loaded before. ${{ reason: describeError(toast.error, i18n).summary }}`
      : toast.message;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && dismissToast(toast.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
