import { describe, expect, it } from 'vitest';
import { parseSse, readSse, type SseEvent } from './sse';

// Expected values written by hand from the text/event-stream format (WHATWG HTML §9.2).
describe('parseSse', () => {
  it('splits complete events, skips comments and retry lines, keeps the unfinished rest', () => {
    const r = parseSse('retry: 5000\nevent: hello\ndata: {"version":3}\n\n: ping\n\nevent: changed\ndata: {"version":4}\n\nevent: chan');
    expect(r.events).toEqual([{ event: 'hello', data: { version: 3 } }, { event: 'changed', data: { version: 4 } }]);
    expect(r.rest).toBe('event: chan');
  });
  it('reads CRLF lines, joins several data lines, keeps text that is not JSON', () => {
    expect(parseSse('event: end\r\ndata: {"reason":\r\ndata: "logout"}\r\n\r\ndata: hi\n\n').events)
      .toEqual([{ event: 'end', data: { reason: 'logout' } }, { event: 'message', data: 'hi' }]);
  });
});

describe('readSse', () => {
  it('joins an event and a character split across chunks, and rejects when the connection breaks', async () => {
    // '阅' is E9 98 85 in UTF-8: its first byte ends the first chunk
    const bytes = new TextEncoder().encode('event: a\ndata: {"n":"阅"}\n\nevent: b\ndata: 2\n\n');
    const cut = bytes.indexOf(0xe9) + 1;
    const chunks = [bytes.slice(0, cut), bytes.slice(cut)];
    const seen: SseEvent[] = [];
    await readSse(new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } }), (e) => seen.push(e));
    expect(seen).toEqual([{ event: 'a', data: { n: '阅' } }, { event: 'b', data: 2 }]);
    const broken = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(bytes.slice(0, 10)); c.error(new Error('reset')); } });
    await expect(readSse(broken, () => undefined)).rejects.toThrow('reset');
  });
});
