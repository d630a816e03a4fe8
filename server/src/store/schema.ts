import type { Generated } from 'kysely';

/** The store's tables as Kysely sees them (see migrations.ts). Marketplace user ids are kept as text. */
export interface Database {
  sessions: {
    /** sha256 of the cookie's session id: a copy of the store does not hand out live sessions. */
    id: string;
    created_at: Generated<Date>;
    seen_at: Generated<Date>;
    active_user_id: string | null;
  };
  accounts: {
    session_id: string;
    user_id: string;
    nickname: string;
    site_id: string;
    kind: 'oauth' | 'personal';
    /** Encrypted (secrets.ts). */
    access_token: string;
    refresh_token: string | null;
    expires_at: Date | null;
    /** A refresh in progress somewhere holds the account until this time. */
    refresh_lock_until: Date | null;
    added_at: Generated<Date>;
  };
  oauth_states: {
    /** sha256 of the `state` sent to the authorization page. */
    id: string;
    code_verifier: string;
    return_to: string;
    /** The session an "Add account" sign-in adds to. */
    session_id: string | null;
    created_at: Generated<Date>;
  };
}
