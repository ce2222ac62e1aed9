import { useEffect, useRef, useState } from 'react';
import { streamMonitorEvents } from '@/api/markingLive';

/** Waits before reconnecting a dropped stream: 2 s, 5 s, 10 s, 30 s, then every 60 s. */
const RETRY_MS = [2000, 5000, 10_000, 30_000, 60_000];
/** Ends after which reconnecting is pointless (the pages keep polling): logged out, no access, a newer tab took over. */
const FINAL = new Set(['logout', 'forbidden', 'replaced']);

interface Listener { onChange: () => void; onLive: (live: boolean) => void }
interface Shared { listeners: Set<Listener>; live: boolean; stop: () => void }

/** One stream per exam in this tab, however many hooks of the page listen (the server allows four per user). */
const streams = new Map<number, Shared>();

function openShared(examId: number): Shared {
  const ac = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shared: Shared = { listeners: new Set(), live: false, stop: () => { ac.abort(); if (timer) clearTimeout(timer); } };
  const setLive = (live: boolean) => { shared.live = live; for (const l of shared.listeners) l.onLive(live); };
  let attempt = 0;
  let opened = 0;
  const run = async () => {
    const end = await streamMonitorEvents(examId, (e) => {
      // after a reconnect the figures are fetched again: changes may have been missed meanwhile
      if (e.event === 'hello') { setLive(true); attempt = 0; if (opened++ > 0) for (const l of shared.listeners) l.onChange(); }
      if (e.event === 'changed') for (const l of shared.listeners) l.onChange();
    }, ac.signal);
    setLive(false);
    if (ac.signal.aborted || end.kind === 'refused' || (end.kind === 'ended' && FINAL.has(end.reason))) return;
    timer = setTimeout(() => void run(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };
  void run();
  return shared;
}

/**
 * The exam's live marking events (server-sent events): onChange runs when marking of the exam changed on any api
 * instance. Answers true while the stream is open; when it is refused or fails, the caller's polling carries on.
 */
export function useMonitorLive(examId: number, onChange: () => void): boolean {
  const latest = useRef(onChange);
  latest.current = onChange;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!examId) return undefined;
    const shared = streams.get(examId) ?? openShared(examId);
    streams.set(examId, shared);
    const me: Listener = { onChange: () => latest.current(), onLive: setLive };
    shared.listeners.add(me);
    setLive(shared.live);
    return () => {
      shared.listeners.delete(me);
      setLive(false);
      if (!shared.listeners.size) { shared.stop(); streams.delete(examId); }
    };
  }, [examId]);
  return live;
}
