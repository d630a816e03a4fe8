import { permissionsOf, type Role } from '../../core/roles.ts';
import { sessionStore } from '../lib/session';
import { demoSeller } from './demo';

/**
 * The session of a person with `role` on the demo seller's account, as `GET /session` carries it (docs/roles.md),
 * and with the roles of `others` on those accounts (not active).
 */
export function actAs(role: Role, others: { seller: { id: number; nickname: string; site_id: string }; role: Role }[] = []): void {
  sessionStore.set((session) => ({
    ...session,
    server: {
      mode: 'demo',
      signedIn: true,
      oauth: false,
      accounts: [
        { id: String(demoSeller.id), nickname: demoSeller.nickname, site_id: demoSeller.site_id, active: true, unread: 0, role },
        ...others.map(({ seller, role }) => ({
          id: String(seller.id),
          nickname: seller.nickname,
          site_id: seller.site_id,
          active: false,
          unread: 0,
          role,
        })),
      ],
      activeAccountId: String(demoSeller.id),
      permissions: [...permissionsOf(role)],
    },
  }));
}
