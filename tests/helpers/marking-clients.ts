/**
 * Simulated markers over loopback HTTP, as the marking page drives the api: each logs in (its own session: the
 * password RSA-encrypted, as the browser sends it) and loops `marking/next` → `marking/submit` with a fresh
 * requestId per paper. An answer 服务器繁忙 (code 503: the database was busy, nothing written) is sent again, as the
 * page's user does. A request that gets no answer (connection refused or cut: the api died) or a 5xx is sent
 * again (with `retry`), the same body with the same requestId, to the next api address after a short pause (as a browser
 * behind a load balancer would): the idempotent submit must then count it once.
 */
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { DEMO_PASSWORD } from '@jz/shared';
import { mulberry32 } from '@jz/shared/random';
import type { Ack } from './marking-scale.js';

interface Envelope<T> { code: number; msg: string; data: T }

export async function login(url: string, loginId: string): Promise<string> {
  const key = ((await (await fetch(`${url}/api/v1/auth/publicKey`)).json()) as Envelope<string>).data;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const res = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
  const json = (await res.json()) as Envelope<{ accessToken: string } | null>;
  if (json.code !== 200 || !json.data) throw new Error(`${loginId} 登录失败：${json.code} ${json.msg}`);
  return json.data.accessToken;
}

/** Logs every marker in, `parallel` at a time (the password hash costs CPU). */
export async function loginAll(url: string, loginIds: string[], parallel = 4): Promise<string[]> {
  const out: string[] = new Array<string>(loginIds.length);
  let i = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (i < loginIds.length) { const k = i++; out[k] = await login(url, loginIds[k]!); }
  }));
  return out;
}

export interface MarkerStats {
  /** busy: calls answered 服务器繁忙，请稍后重试 (code 503), sent again as the marking page's user does. */
  next: number[]; submit: number[]; acks: Ack[]; retried: number; busy: number; errors: string[];
}

export const newStats = (): MarkerStats => ({ next: [], submit: [], acks: [], retried: 0, busy: 0, errors: [] });

export interface MarkerRun {
  urls: string[]; token: string; markerId: number; blockId: number; seed: number; stats: MarkerStats;
  /** Stop asking for papers (checked before each next). */
  stop: () => boolean;
  /** Pause between a paper's arrival and its submit (the marker reading and scoring it), ms; default none. */
  thinkMs?: () => number;
  /** Pause before the first paper (markers do not all start at one instant), ms; default none. */
  startMs?: number;
  /** Send unanswered requests again (else such a request counts as an error and the marker stops). */
  retry?: boolean;
  /** Called after each acknowledged submit. */
  onAck?: () => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kept-alive loopback connections shared by the simulated markers (node:http costs the client less CPU than fetch). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs JSON and answers the HTTP status and the parsed body; a refused or cut connection rejects. */
function postJson<T>(url: string, token: string, body: object): Promise<{ status: number; json: T }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { try { resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T }); } catch (e) { reject(e); } });
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('answer cut off')));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** One marker's loop until stop() or no paper is left; latencies of answered calls (ms) go to stats. */
const MAX_ATTEMPTS = 200;

export async function runMarker(m: MarkerRun): Promise<void> {
  const rand = mulberry32(m.seed);
  let at = m.seed % m.urls.length;
  let n = 0;
  const call = async <T>(route: string, body: object, times: number[]): Promise<Envelope<T>> => {
    let last = '';
    for (let attempt = 0; ; attempt++) {
      // a restart takes seconds; an error that outlasts ≈ 3 minutes of retries is the product's, not the kill's
      if (attempt >= MAX_ATTEMPTS) throw new Error(`${route}: no answer after ${MAX_ATTEMPTS} attempts: ${last}`);
      const t0 = performance.now();
      try {
        const { status, json } = await postJson<Envelope<T>>(`${m.urls[at]}/api/v1/${route}`, m.token, body);
        if (json.code < 500) {
          times.push(performance.now() - t0);
          return json;
        }
        last = `${json.code} ${json.msg}`;
        // a busy database asks to try again (nothing was written): the same request once more, counted apart
        if (json.code === 503 && status === 200) m.stats.busy++;
        else if (!m.retry) throw new Error(`${route}: ${last}`);
      } catch (e) {
        if (!m.retry) throw e;
        last ||= (e as Error).message;
      }
      m.stats.retried++;
      at = (at + 1) % m.urls.length;
      await sleep(Math.min(1000, 50 * (attempt + 1)));
    }
  };
  if (m.startMs) await sleep(m.startMs);
  while (!m.stop()) {
    const next = await call<{ taskId: number } | null>('marking/next', { blockId: m.blockId }, m.stats.next);
    if (next.code !== 200) throw new Error(`marking/next: ${next.code} ${next.msg}`);
    if (!next.data) return;
    const think = m.thinkMs?.() ?? 0;
    if (think > 0) await sleep(think);
    const score = Math.floor(rand() * 26); // one item of 25, step 1
    const requestId = `${m.markerId}-${m.seed}-${++n}`;
    const r = await call<{ total: number }>('marking/submit', { taskId: next.data.taskId, scores: [score], requestId }, m.stats.submit);
    if (r.code !== 200) throw new Error(`marking/submit: ${r.code} ${r.msg}`);
    m.stats.acks.push({ requestId, taskId: next.data.taskId, markerId: m.markerId, total: r.data.total });
    m.onAck?.();
  }
}

/** The p-th percentile (0–100) of the values, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
