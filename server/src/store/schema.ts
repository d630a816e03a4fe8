import type { Generated } from 'kysely';
import type { Role } from '../../../core/roles.ts';
import type { AuditAction, SignedInWith } from './audit.ts';
import type { LeadReviewStatus } from '../../../core/leadReviews.ts';
import type { JobKind, JobStatus, JobStep } from '../../../core/stockBulk.ts';

/** The store's tables as Kysely sees them (see migrations.ts). Marketplace user ids are kept as text. */
export interface Database {
  /** Seller Desk's own people: who signs in (with the marketplace, a passkey, or both). */
  people: {
    /** Random and opaque; also the WebAuthn user handle of the person's passkeys. */
    id: string;
    name: string;
    /** The marketplace user who signs in as this person; null for a person with passkeys only. */
    marketplace_user_id: string | null;
    created_at: Generated<Date>;
    /** The person's last request (touched with their session's seen_at). */
    seen_at: Date | null;
  };
  /** A marketplace account connected once, whose tokens the team's requests use. */
  seller_accounts: {
    /** The seller's marketplace user id. */
    id: string;
    nickname: string;
    site_id: string;
    kind: 'oauth' | 'personal';
    /** Encrypted (secrets.ts); null once the marketplace ended the sign-in (an owner signs in again). */
    access_token: string | null;
    refresh_token: string | null;
    expires_at: Date | null;
    /** A refresh in progress somewhere holds the account until this time. */
    refresh_lock_until: Date | null;
    connected_at: Generated<Date>;
  };
  memberships: {
    account_id: string;
    person_id: string;
    role: Role;
    created_at: Generated<Date>;
  };
  sessions: {
    /** sha256 of the cookie's session id: a copy of the store does not hand out live sessions. */
    id: string;
    person_id: string;
    created_at: Generated<Date>;
    seen_at: Generated<Date>;
    active_account_id: string | null;
  };
  invitations: {
    id: string;
    /** sha256 of the link's secret, which only the link holds. */
    secret_hash: string;
    kind: 'join' | 'recovery';
    account_id: string;
    role: Role;
    /** Recovery: the person who gets a new passkey. */
    person_id: string | null;
    created_by: string | null;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    /** Who used it (a join's new or existing person, a recovery's person). */
    used_by: string | null;
    revoked_at: Date | null;
  };
  passkeys: {
    id: string;
    person_id: string;
    /** base64url, as the browser sends it. */
    credential_id: string;
    /** The COSE public key, base64url. */
    public_key: string;
    /** bigint: read as text. */
    counter: string | number;
    /** JSON array of the authenticator's transports. */
    transports: string;
    name: string;
    created_at: Generated<Date>;
    last_used_at: Date | null;
  };
  /** WebAuthn ceremonies in progress: five minutes, used once, on whichever instance the answer reaches. */
  webauthn_challenges: {
    id: string;
    challenge: string;
    purpose: 'authenticate' | 'register';
    /** JSON: whom a registration is for (challenges.ts). */
    context: string;
    created_at: Generated<Date>;
  };
  oauth_states: {
    /** sha256 of the `state` sent to the authorization page. */
    id: string;
    code_verifier: string;
    return_to: string;
    /** The session an "Add account" sign-in adds to. */
    session_id: string | null;
    /** An invitation accepted by signing in with the marketplace, and the name the invitee chose. */
    invitation_id: string | null;
    person_name: string | null;
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
    /** The INSTANCE_ID of the worker holding the claim; cleared when it leaves it to a retry. */
    claimed_by: string | null;
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
  /** The audit trail (audit.ts): appended to, never updated; deleted only past AUDIT_RETENTION_DAYS. */
  audit_entries: {
    /** bigserial: read as text. */
    id: Generated<string>;
    account_id: string;
    at: Generated<Date>;
    /** No foreign key: an entry outlives its person and account. */
    person_id: string | null;
    person_name: string | null;
    action: AuditAction;
    target_type: string | null;
    target_id: string | null;
    /** JSON text. */
    details: string;
    request_id: string;
    phase: 'attempt' | 'outcome' | 'event';
    /** An HTTP status, `unknown`, or null for an attempt or an event. */
    status: string | null;
  };
  /** A person's sign-ins: theirs, shown in their Settings. */
  sign_ins: {
    person_id: string;
    method: SignedInWith;
    at: Generated<Date>;
  };
  /** A seller account's response-time target and working hours (accountSettings.ts); no row: the defaults. */
  account_settings: {
    account_id: string;
    target_minutes: number;
    /** JSON: seven entries, Sunday first, {from, to} minutes or null (core/answerTarget.ts). */
    working_hours: string;
    changed_by: string | null;
    changed_at: Generated<Date>;
    /** The account's default low-stock threshold (core/lowStock.ts); null: none. */
    low_stock_threshold: Generated<number | null>;
  };
  /** Per user product: its own low-stock threshold (null: the account's) and whether it is low (lowStock.ts). */
  low_stock: {
    account_id: string;
    user_product_id: string;
    threshold: number | null;
    low: Generated<boolean>;
  };
  /** The answer templates a seller account's team shares (answerTemplates.ts). */
  answer_templates: {
    id: string;
    account_id: string;
    name: string;
    text: string;
    changed_by: string | null;
    created_at: Generated<Date>;
    changed_at: Generated<Date>;
  };
  /** Credit-lead reviews, per seller account and per sandbox or production (leadReviews.ts). */
  lead_reviews: {
    account_id: string;
    sandbox: boolean;
    lead_id: string;
    status: LeadReviewStatus;
    /** At most 500 characters; never logged. */
    note: string | null;
    /** Who changed it last, and their name then. */
    changed_by: string | null;
    changed_by_name: string | null;
    changed_at: Date;
  };
  /** The app's rate budget toward the marketplace, one row (`app`) shared by the instances (store/budget.ts). */
  upstream_budget: {
    id: string;
    tokens: number;
    refilled_at: Date | null;
    paused_until: Date | null;
  };
  /** Bulk stock jobs (stockJobs.ts): an export, or an import's dry run and apply. JSON is kept as text. */
  stock_jobs: {
    id: string;
    account_id: string;
    /** Who started it, and their name then (the list shows it after they leave). */
    person_id: string | null;
    person_name: string;
    kind: JobKind;
    step: JobStep;
    status: JobStatus;
    /** The seller's choice in the dry run: rows changed since the export are applied too. */
    apply_changed: Generated<boolean>;
    cancel_requested: Generated<boolean>;
    file_name: string | null;
    /** An import's rows as read from the file (SheetRow[]). */
    input: string | null;
    /** An import's dry run (DryRun). */
    dry_run: string | null;
    /** An export's rows (ExportRow[]). */
    output: string | null;
    progress: Generated<string>;
    error: string | null;
    claimed_by: string | null;
    lease_until: Date | null;
    created_at: Generated<Date>;
    step_started_at: Date | null;
    finished_at: Date | null;
  };
  /** An apply's rows with their states (core/stockJob.ts JobRow), saved before and after every write. */
  stock_job_rows: {
    job_id: string;
    line: number;
    row: string;
  };
  /** The server's copy of the accounts' answered questions (answeredQuestions.ts). */
  answered_questions: {
    account_id: string;
    question_id: string;
    item_id: string;
    question: string;
    answer: string;
    /** When the row was last written: with the count, what tells a cached ranking index it is stale. */
    kept_at: Generated<Date>;
  };
  /** Each account's backfill of its answered questions: the next page, until done. */
  answer_backfills: {
    account_id: string;
    next_offset: Generated<number>;
    done_at: Date | null;
    claimed_by: string | null;
    lease_until: Date | null;
  };
  /** Unanswered questions the worker saw, until answered; `warned_at` once their due-soon entry is made. */
  open_questions: {
    account_id: string;
    question_id: string;
    item_id: string;
    asked_at: Date;
    warned_at: Date | null;
  };
}
