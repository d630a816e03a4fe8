import { useLingui } from '@lingui/react/macro';
import { useMe } from '../lib/identity';

/** Demo mode's seller; live mode has the account menu. */
export function Nickname() {
  const me = useMe();
  const { t } = useLingui();
  if (!me.data) return null;
  return (
    <span className="shell-nickname" title={t`Signed in as ${{ nickname: me.data.nickname }}`}>
      {me.data.nickname}
    </span>
  );
}
