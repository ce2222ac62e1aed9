import type { FastifyReply, FastifyRequest } from 'fastify';
import { BizError } from '../../core/http.js';

/**
 * Answers as a text/event-stream (one JSON object per `data:` line) once every check has passed; an unexpected
 * failure ends the stream with an error event. The client closing the connection aborts the signal.
 */
export function streamEvents<E>(req: FastifyRequest, reply: FastifyReply, run: (emit: (e: E | { type: 'error'; msg: string }) => void, signal: AbortSignal) => Promise<void>) {
  const res = reply.raw;
  const aborted = new AbortController();
  res.on('close', () => { if (!res.writableFinished) aborted.abort(); });
  reply.hijack();
  // the security headers set so far go out with the stream's own
  const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | number | string[]>;
  res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
  const emit = (e: unknown) => { if (!res.destroyed) res.write(`data: ${JSON.stringify(e)}\n\n`); };
  return run(emit, aborted.signal).catch((err: unknown) => {
    if (!(err instanceof BizError)) req.log.error(err);
    emit({ type: 'error', msg: err instanceof BizError ? err.message : '回答失败，请稍后再试' });
  }).finally(() => res.end());
}
