/**
 * The open event streams of one api instance (GET /marking/monitor/events). The change signal is shared state:
 * one timer reads the versions of every exam watched here from marking_change (one query a second, whatever the
 * number of streams), so a mark submitted through any instance behind the gateway reaches every monitor. Bounds:
 * at most MAX_PER_USER streams per user (a new one ends the oldest: the last tab opened wins), MAX_TOTAL per
 * instance, a comment line every HEARTBEAT_MS (keeps the gateway from closing an idle stream), and every
 * RECHECK_MS the session and the monitor access are checked again: logged out or no longer leading → ended.
 */
import type { Db } from '../../db/database.js';
import { versions } from './marking-live.repository.js';

export const LIVE_LIMITS = { pollMs: 1000, heartbeatMs: 15_000, recheckMs: 5000, maxPerUser: 4, maxTotal: 1000 };

/** Rechecks a tick may start whatever the number of streams; beyond it, the average rate (streams × poll ÷ recheck). */
const RECHECKS_AT_ONCE = 10;

export type EndReason = 'logout' | 'forbidden' | 'replaced' | 'shutdown';

export interface LiveStream {
  userId: number;
  examId: number;
  /** Writes raw text to the response; false when the client is gone. */
  write(text: string): boolean;
  close(): void;
  /** Still allowed? (session valid, still leads a block of the exam); answers the reason to end otherwise. */
  recheck(): Promise<EndReason | null>;
}

interface Entry { s: LiveStream; version: number; checkedAt: number; checking: boolean; opened: number }

export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveHub {
  private entries = new Set<Entry>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private beatAt = Date.now();
  private polling = false;
  private seq = 0;

  constructor(private readonly db: Db, private readonly limits = LIVE_LIMITS) {}

  get size() { return this.entries.size; }

  /** Registers a stream already told `version`; false when the instance is full (the caller answers 503). */
  add(s: LiveStream, version: number): boolean {
    if (this.entries.size >= this.limits.maxTotal) return false;
    const mine = [...this.entries].filter((e) => e.s.userId === s.userId).sort((a, b) => a.opened - b.opened);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.limits.maxPerUser + 1))) this.end(old, 'replaced');
    this.entries.add({ s, version, checkedAt: Date.now(), checking: false, opened: ++this.seq });
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.limits.pollMs);
      this.timer.unref?.();
    }
    return true;
  }

  remove(s: LiveStream): void {
    for (const e of this.entries) if (e.s === s) this.entries.delete(e);
    this.stopIfIdle();
  }

  /** Ends every stream (the instance is closing). */
  closeAll(): void {
    for (const e of [...this.entries]) this.end(e, 'shutdown');
    this.stopIfIdle();
  }

  private end(e: Entry, reason: EndReason): void {
    this.entries.delete(e);
    e.s.write(sseEvent('end', { reason }));
    e.s.close();
  }

  private stopIfIdle(): void {
    if (this.entries.size || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    if (this.polling) return; // a slow database: skip a beat rather than pile up queries
    this.polling = true;
    try {
      const now = Date.now();
      const all = [...this.entries];
      const current = await versions(this.db, [...new Set(all.map((e) => e.s.examId))]);
      for (const e of all) {
        const v = current.get(e.s.examId) ?? 0;
        if (v !== e.version) { e.version = v; if (!e.s.write(sseEvent('changed', { version: v }))) this.remove(e.s); }
      }
      if (now - this.beatAt >= this.limits.heartbeatMs) {
        this.beatAt = now;
        for (const e of all) if (!e.s.write(': ping\n\n')) this.remove(e.s);
      }
      // rechecks spread evenly: streams opened together (a school's leaders at 8 o'clock) would all be due in one tick,
      // and their burst of queries held the next version poll up for seconds (monitor-events, 200 streams: p95 4.9 → 1.8 s at load 18)
      const due = all.filter((e) => !e.checking && now - e.checkedAt >= this.limits.recheckMs).sort((a, b) => a.checkedAt - b.checkedAt);
      const budget = Math.max(RECHECKS_AT_ONCE, Math.ceil((all.length * this.limits.pollMs) / this.limits.recheckMs));
      for (const e of due.slice(0, budget)) {
        e.checking = true;
        void e.s.recheck().then((reason) => {
          e.checking = false;
          e.checkedAt = Date.now();
          if (reason && this.entries.has(e)) this.end(e, reason);
        }, () => { e.checking = false; });
      }
    } catch {
      // the database is away for a moment: the next tick tries again; the pages poll meanwhile
    } finally {
      this.polling = false;
      this.stopIfIdle();
    }
  }
}
