import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../core/roles.ts';
import { signOutEverywhere } from '../../api/session';
import {
  addPasskey,
  changeRole,
  createInvitation,
  createRecoveryInvitation,
  getPasskeys,
  getSignIns,
  getTeam,
  removePasskey,
  removePerson,
  renamePasskey,
  revokeInvitation,
  type Passkeys,
  type Team,
} from '../../api/team';
import { acceptSignOut } from '../../lib/session';
import { showErrorToast } from '../../lib/toast';

/**
 * The team of the active account and the person's own passkeys (docs/teams.md). The team's key carries the
 * account: switching accounts clears the cache anyway, but a key never answers for another account.
 */
const teamKeys = {
  team: (accountId: string) => ['team', accountId] as const,
  passkeys: ['passkeys'] as const,
  signIns: ['sign-ins'] as const,
};

export function teamQuery(accountId: string) {
  return queryOptions({ queryKey: teamKeys.team(accountId), queryFn: ({ signal }) => getTeam(signal) });
}

export const passkeysQuery = queryOptions({ queryKey: teamKeys.passkeys, queryFn: ({ signal }) => getPasskeys(signal) });

export const signInsQuery = queryOptions({ queryKey: teamKeys.signIns, queryFn: ({ signal }) => getSignIns(signal) });

/**
 * Changes to the team: each answer (or a refetch, for those that answer nothing) replaces the cached team.
 * Their refusals (the last owner, say) are shown where the change was asked for (describeTeamError).
 */
export function useTeamActions(accountId: string) {
  const queryClient = useQueryClient();
  const key = teamKeys.team(accountId);
  const store = (team: Team) => queryClient.setQueryData(key, team);
  const refetch = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    invite: useMutation({ mutationFn: (role: Role) => createInvitation(role), onSuccess: refetch }),
    recover: useMutation({ mutationFn: (personId: string) => createRecoveryInvitation(personId), onSuccess: refetch }),
    revoke: useMutation({ mutationFn: revokeInvitation, onSuccess: refetch }),
    changeRole: useMutation({
      mutationFn: ({ personId, role }: { personId: string; role: Role }) => changeRole(personId, role),
      onSuccess: store,
    }),
    remove: useMutation({ mutationFn: removePerson, onSuccess: store }),
  };
}

/** The person's own passkeys; adding one runs the browser's ceremony. */
export function usePasskeyActions() {
  const queryClient = useQueryClient();
  const store = (passkeys: Passkeys) => queryClient.setQueryData(passkeysQuery.queryKey, passkeys);
  return {
    add: useMutation({ mutationFn: addPasskey, onSuccess: store }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => renamePasskey(id, name),
      onSuccess: store,
    }),
    remove: useMutation({ mutationFn: removePasskey, onSuccess: store }),
  };
}

/** Ends every session of the person: this page is signed out too. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.clear();
      acceptSignOut();
    },
    onError: showErrorToast,
  });
}
