import { permissionsOf, type Role } from '../../core/roles.ts';
import { sessionStore } from '../lib/session';
import { demoSeller } from './demo';

/** The session of a person with `role` on the demo seller's account, as `GET /session` carries it (docs/roles.md). */
export function actAs(role: Role): void {
  sessionStore.set((session) => ({
    ...session,
    server: {
      mode: 'demo',
      signedIn: true,
      oauth: false,
      accounts: [{ id: String(demoSeller.id), nickname: demoSeller.nickname, site_id: demoSeller.site_id, active: true, unread: 0, role }],
      activeAccountId: String(demoSeller.id),
      permissions: [...permissionsOf(role)],
    },
  }));
}
