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
  notifications: {
    /** The marketplace's `_id`. */
    id: string;
    user_id: string;
    topic: string;
    resource: string;
    received_at: Generated<Date>;
    attempts: Generated<number>;
    /** A worker that claims the notification moves this forward (its lease); a failed read, by the backoff. */
    next_attempt_at: Generated<Date>;
    processed_at: Date | null;
  };
  activity: {
    /** bigserial: read as text (`id::text`), the SSE event id. */
    id: Generated<string>;
    account_id: string;
    topic: string;
    kind: string;
    resource: string;
    created_at: Generated<Date>;
    read: Generated<boolean>;
    /** JSON texts of the entry's parts (activity.ts). */
    subject: string;
    facts: string;
    review: string | null;
  };
  item_categories: {
    /** The seller whose item it is: one seller's reads never move another's baseline. */
    account_id: string;
    item_id: string;
    category_id: string;
  };
}
