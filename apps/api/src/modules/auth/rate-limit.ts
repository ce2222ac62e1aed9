import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** now() minus ms, computed by the database (one clock for every api instance). */
export const dbAgo = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;
export const dbLater = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Sliding-window counters on the rate_event table (key = what is counted, e.g. login:acct:admin).
 * Returns how many seconds the key stays blocked (0 = not blocked): blocked once `limit` events lie in the window,
 * until the oldest of the newest `limit` events leaves it.
 */
export async function blockedSeconds(db: Db, key: string, limit: number, windowMs: number): Promise<number> {
  const rows = await db.selectFrom('rate_event')
    .select(sql<number>`extract(epoch from (created_at + make_interval(secs => ${windowMs / 1000}) - now()))`.as('left'))
    .where('key', '=', key)
    .where(sql`created_at`, '>', dbAgo(windowMs))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length < limit) return 0;
  return Math.max(1, Math.ceil(Number(rows[limit - 1]!.left)));
}

export async function recordEvent(db: Db, key: string, windowMs: number): Promise<void> {
  await db.insertInto('rate_event').values({ key }).execute();
  // Old events of this key are no longer counted: drop them as we go.
  await db.deleteFrom('rate_event').where('key', '=', key).where(sql`created_at`, '<', dbAgo(windowMs)).execute();
}

export async function clearEvents(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_event').where('key', '=', key).execute();
}

export const minutesText = (seconds: number) => `${Math.max(1, Math.ceil(seconds / 60))}分钟`;
