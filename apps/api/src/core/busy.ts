/**
 * A database too busy to answer now is not a crash: the request is answered with a Chinese message to try again
 * (code 503 in the body, HTTP 200 like every refusal), never an HTTP 500. Nothing was written — the command's one
 * transaction rolled back, or never began — so sending the same request again is safe (a marker's submit is
 * idempotent on its requestId). Seen under 1,000 markers on a loaded machine: requests waiting longer than the
 * pool's connection wait (DatabaseOptions.connectTimeoutMs) for one of its connections.
 */
export const BUSY_MESSAGE = '服务器繁忙，请稍后重试';
export const BUSY_CODE = 503;

/** PostgreSQL's codes of a transaction lost to others or to the server's load (SQLSTATE). */
const BUSY_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '57P03', // cannot_connect_now (the server starting or shutting down)
]);

/** The pg pool's own refusal when no connection came free in time (node-postgres's message). */
const POOL_WAIT = /timeout exceeded when trying to connect/i;

/** Whether an error only says the database is busy now (retry later), not that the request or the code is wrong. */
export function isBusyError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && BUSY_SQLSTATES.has(e.code)) return true;
  return typeof e.message === 'string' && POOL_WAIT.test(e.message);
}
