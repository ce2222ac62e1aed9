import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

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
