import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { showToast } from '../../lib/toast';

let told = false;

/**
 * The browser refused its storage (src/lib/storage.ts): said once per page, as a toast the seller can
 * dismiss, since the app goes on working with what it keeps in memory.
 */
export function StorageNotice() {
  const { t } = useLingui();
  useEffect(() => {
    if (told) return;
    told = true;
    showToast(t`This browser does not let Seller Desk store anything: settings and drafts will be forgotten when you leave.`);
  }, [t]);
  return null;
}
