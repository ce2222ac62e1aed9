/**
 * JSON.stringify(value) as a sequence of strings of about `size` characters whose concatenation is exactly
 * JSON.stringify(value): a joint exam's largest report is 80 million characters, which as one string (two bytes a
 * character with Chinese names) plus its driver buffer would be held at once. Plain objects and arrays are opened
 * down to DEPTH levels; a long array is written BATCH elements a stringify; anything else is stringified whole.
 */
const DEPTH = 8;
const BATCH = 512;

const plain = (v: object) => {
  const p = Object.getPrototypeOf(v) as unknown;
  return (p === Object.prototype || p === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
};
/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function* pieces(value: unknown, depth: number): Generator<string> {
  if (depth >= DEPTH || value === null || typeof value !== 'object') {
    yield JSON.stringify(value) ?? 'null';
  } else if (Array.isArray(value)) {
    if (value.length > BATCH) {
      yield '[';
      for (let i = 0; i < value.length; i += BATCH) {
        const text = JSON.stringify(value.slice(i, i + BATCH));
        yield (i ? ',' : '') + text.slice(1, -1);
      }
      yield ']';
    } else {
      yield '[';
      for (let i = 0; i < value.length; i++) {
        if (i) yield ',';
        if (omitted(value[i])) yield 'null';
        else yield* pieces(value[i], depth + 1);
      }
      yield ']';
    }
  } else if (plain(value)) {
    yield '{';
    let first = true;
    for (const [key, v] of Object.entries(value)) {
      if (omitted(v)) continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* pieces(v, depth + 1);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/** The JSON text of `value` in chunks of at least `size` characters (the last may be shorter). */
export function* jsonChunks(value: unknown, size: number): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const p of pieces(value, 0)) {
    parts.push(p);
    length += p.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length) yield parts.join('');
}
