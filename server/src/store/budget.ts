import { sql, type Kysely } from 'kysely';
import type { PermitSource } from '../budget.ts';
import type { RateSettings } from '../../../core/tokenBucket.ts';
import type { Database } from './schema.ts';

/**
 * The app's token bucket in PostgreSQL, one row every instance draws on (budget.ts): each draw refills it by
 * the time since the last one and takes a few permits in one statement under the row's lock, so a call costs
 * a fraction of a write. The database's clock is the only one read, so instances' clocks may differ.
 * Instances should share one UPSTREAM_RATE and UPSTREAM_BURST; each draws with its own.
 */
export function sharedPermits(db: Kysely<Database>, { perSecond, burst }: RateSettings): PermitSource {
  return {
    // A fifth of a second's calls (at least 2, at most a burst); unused ones lapse after a second (budget.ts).
    chunk: Math.min(burst, Math.max(2, Math.ceil(perSecond / 5))),
    async take(wanted) {
      const { rows } = await sql<{ granted: number; available: number; paused_ms: number }>`
        with now as (select clock_timestamp() as t),
        current as (
          select now.t, b.paused_until is not null and b.paused_until > now.t as paused, b.paused_until,
            case when b.refilled_at is null then ${burst}::float8
                 else least(${burst}::float8, b.tokens + greatest(0, extract(epoch from now.t - b.refilled_at)::float8) * ${perSecond}::float8)
            end as available
          from upstream_budget b, now where b.id = 'app' for update of b
        ),
        drawn as (
          select current.*, case when paused then 0 else least(${wanted}::int, floor(available)::int) end as granted from current
        )
        update upstream_budget b
        set tokens = case when drawn.paused then b.tokens else drawn.available - drawn.granted end,
            refilled_at = case when drawn.paused then b.refilled_at else drawn.t end
        from drawn where b.id = 'app'
        returning drawn.granted, drawn.available,
          case when drawn.paused then extract(epoch from drawn.paused_until - drawn.t)::float8 * 1000 else 0 end as paused_ms`.execute(db);
      const row = rows[0];
      if (!row) throw new Error('the upstream budget row is missing');
      const left = row.available - row.granted;
      if (row.granted > 0) return { granted: row.granted, left, waitMs: 0 };
      // Empty: back when a whole chunk is there, so a saturated budget still costs one write per chunk.
      return { granted: 0, left, waitMs: Math.ceil(row.paused_ms > 0 ? row.paused_ms : ((wanted - row.available) / perSecond) * 1000) };
    },
    async pause(ms) {
      // Empty after the pause: calls resume at the rate, and refill counts from the pause's end.
      await sql`
        update upstream_budget
        set paused_until = greatest(coalesce(paused_until, clock_timestamp()), clock_timestamp() + ${ms}::float8 * interval '1 millisecond'),
            tokens = 0,
            refilled_at = greatest(coalesce(paused_until, clock_timestamp()), clock_timestamp() + ${ms}::float8 * interval '1 millisecond')
        where id = 'app'`.execute(db);
    },
  };
}
