import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { activateAccount, connectPersonalToken, disconnectAccount, signOut, type ServerSession } from '../../api/session';
import { acceptServerSession, acceptSignOut, sessionStore } from '../../lib/session';
import { showErrorToast } from '../../lib/toast';
import { urls } from '../../lib/urls';

/**
 * The person's accounts in live mode: connect a personal token, switch, disconnect (an owner) or leave, sign out. Whenever the
 * active account changes, every cached answer of the previous one is dropped first (`clear`, which refetches
 * nothing), and the pages remount under the new account (router.tsx keys them by it).
 */
export function useAccountActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const enter = (server: ServerSession) => {
    if (server.activeAccountId !== sessionStore.get().server?.activeAccountId) queryClient.clear();
    acceptServerSession(server);
  };

  const connect = useMutation({ mutationFn: connectPersonalToken, onSuccess: enter });
  const switchTo = useMutation({
    mutationFn: activateAccount,
    onSuccess: (server) => {
      enter(server);
      // The page open may be one of the other seller's questions or products: start from home.
      void navigate(urls.home());
    },
    onError: showErrorToast,
  });
  const disconnect = useMutation({ mutationFn: disconnectAccount, onSuccess: enter, onError: showErrorToast });
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      acceptSignOut();
    },
    onError: showErrorToast,
  });
  return { connect, switchTo, disconnect, signOut: leave };
}
