import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Login attempt counters (table login_throttle, one row per key). An attempt is counted as a failure BEFORE the
 * password is checked, under a row lock, so that N parallel attempts are counted one by one and at most `limit`
 * of them reach the password check; a right password then takes its count back (releaseAttempt).
 *
 * Reaching `limit` failures does not lock anything for good: the key must wait FIRST_WAIT_SECONDS, and every
 * further failure doubles the wait (at most MAX_WAIT_SECONDS). A key left alone for `quietMs` after its last
 * failure (or after its wait ended) starts from zero again.
 */
export const FIRST_WAIT_SECONDS = 60;
export const MAX_WAIT_SECONDS = 3600;

export interface ThrottleKey { key: string; limit: number }

/** Seconds to wait after the n-th failure (0 below the limit). */
export function waitSecondsAfter(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(failures - limit, 20));
}

export type Reservation = { ok: true; failures: Map<string, number> } | { ok: false; waitSeconds: number };

/**
 * Counts one attempt on every key, or none when any key is still waiting (then answers the seconds left).
 * One transaction; rows are locked in key order (no deadlock between two attempts on the same keys).
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], quietMs: number): Promise<Reservation> {
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction().execute(async (tx) => {
    await tx.insertInto('login_throttle').values(sorted.map((k) => ({ key: k.key }))).onConflict((oc) => oc.column('key').doNothing()).execute();
    const rows = await tx.selectFrom('login_throttle')
      .select(['key', 'failures',
        sql<number>`coalesce(extract(epoch from (next_allowed_at - now())), 0)`.as('wait'),
        // Quiet long enough since the last failure (or since the wait ended): forget the failures.
        sql<boolean>`coalesce(greatest(last_failed_at, next_allowed_at) < now() - make_interval(secs => ${quietMs / 1000}), true)`.as('stale')])
      .where('key', 'in', sorted.map((k) => k.key)).orderBy('key').forUpdate().execute();
    const waitSeconds = Math.max(0, ...rows.filter((r) => !r.stale).map((r) => Math.ceil(Number(r.wait))));
    if (waitSeconds > 0) return { ok: false, waitSeconds } as const;
    const failures = new Map<string, number>();
    for (const k of sorted) {
      const row = rows.find((r) => r.key === k.key)!;
      const n = (row.stale ? 0 : row.failures) + 1;
      failures.set(k.key, n);
      const wait = waitSecondsAfter(n, k.limit);
      await tx.updateTable('login_throttle').set({
        failures: n,
        last_failed_at: sql<Date>`now()`,
        next_allowed_at: wait ? sql<Date>`now() + make_interval(secs => ${wait})` : null,
      }).where('key', '=', k.key).execute();
    }
    return { ok: true, failures } as const;
  });
}

/** The attempt turned out right: the pair key starts from zero, an address key only takes back this attempt. */
export async function releaseAttempt(db: Db, resetKeys: string[], oneLess: ThrottleKey[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (resetKeys.length) await tx.deleteFrom('login_throttle').where('key', 'in', resetKeys).execute();
    for (const k of oneLess) {
      await tx.updateTable('login_throttle').set({
        failures: sql<number>`greatest(failures - 1, 0)`,
        next_allowed_at: sql<Date>`case when failures - 1 >= ${k.limit} then next_allowed_at else null end`,
      }).where('key', '=', k.key).execute();
    }
  });
}
