/** Server-sent events as the monitor stream sends them (text/event-stream), parsed from text read with fetch. */
export interface SseEvent { event: string; data: unknown }

/**
 * The complete events in `buffer` (each ends with a blank line) and the unfinished rest. Comment lines (': ping')
 * and fields other than event/data are skipped; a data line that is not JSON is kept as text.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const text = buffer.replace(/\r\n/g, '\n');
  const events: SseEvent[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n', start)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of text.slice(start, end).split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    start = end + 2;
    if (!data.length && event === 'message') continue; // a comment or retry line only
    const raw = data.join('\n');
    let value: unknown = raw;
    try { value = raw ? JSON.parse(raw) : null; } catch { /* plain text */ }
    events.push({ event, data: value });
  }
  return { events, rest: text.slice(start) };
}

/**
 * Reads a text/event-stream body to its end, handing each complete event to onEvent as it arrives (events and
 * characters split across chunks are joined). A broken connection rejects: the caller says what that means.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (e: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const e of parsed.events) onEvent(e);
  }
}
