/**
 * A small streaming tokenizer for the machine-written XML of xlsx parts (sheets, shared strings, workbook).
 * Written for uploads: it keeps nothing but an unfinished tag (bounded by `maxToken`), so a multi-GB part is
 * scanned in constant memory; text is handed out piece by piece and the handler decides what to keep.
 * No DTDs (a DOCTYPE is refused), only the five XML entities and character references.
 */
import { ImportLimitError } from './import-limits.js';

export interface XmlHandler {
  /** `tag` is the raw text between `<` and `>` (for attr()); `name` has its namespace prefix removed. */
  open(name: string, tag: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw text (entities not yet decoded: see decodeXml). */
  text(raw: string): void;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(raw: string): string {
  if (raw.indexOf('&') === -1) return raw;
  return raw.replace(ENTITY, (all, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The decoded value of attribute `name` in a raw tag, or undefined. */
export function attr(tag: string, name: string): string | undefined {
  for (let k = tag.indexOf(name); k !== -1; k = tag.indexOf(name, k + 1)) {
    if (!isSpace(tag.charCodeAt(k - 1))) continue;
    let j = k + name.length;
    while (isSpace(tag.charCodeAt(j))) j++;
    if (tag[j] !== '=') continue;
    j++;
    while (isSpace(tag.charCodeAt(j))) j++;
    const q = tag[j];
    if (q !== '"' && q !== "'") continue;
    const end = tag.indexOf(q, j + 1);
    if (end !== -1) return decodeXml(tag.slice(j + 1, end));
  }
  return undefined;
}

/** Index of the `>` closing the tag that starts at `from`, skipping quoted attribute values; -1 if not yet there. */
function tagEnd(s: string, from: number): number {
  const gt = s.indexOf('>', from);
  if (gt === -1) return -1;
  // Most tags hold no '>' inside a quoted value: scan the few characters up to the first '>' for quotes.
  let quote = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (quote) { if (c === quote) quote = 0; } else if (c === 34 || c === 39) quote = c; else if (c === 62) return i;
  }
  return -1;
}

const localName = (qname: string) => { const i = qname.indexOf(':'); return i === -1 ? qname : qname.slice(i + 1); };

export class XmlScanner {
  private rest = '';
  constructor(private readonly h: XmlHandler, private readonly maxToken: number) {}

  write(chunk: string): void {
    const s = this.rest ? this.rest + chunk : chunk;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt === -1) {
        // Text up to the end, keeping back an entity cut by the chunk boundary.
        const amp = s.lastIndexOf('&');
        const end = amp >= i && n - amp < 12 && s.indexOf(';', amp) === -1 ? amp : n;
        if (end > i) this.h.text(s.slice(i, end));
        i = end;
        break;
      }
      if (lt > i) this.h.text(s.slice(i, lt));
      i = lt;
      const next = s.charCodeAt(i + 1);
      let end: number;
      if (next === 33 /* ! */) {
        if (s.startsWith('<!--', i)) {
          end = s.indexOf('-->', i + 4);
          if (end === -1) break;
          i = end + 3;
        } else if (s.startsWith('<![CDATA[', i)) {
          end = s.indexOf(']]>', i + 9);
          if (end === -1) break;
          this.h.text(s.slice(i + 9, end).replace(/&/g, '&amp;'));
          i = end + 3;
        } else if (n - i < 9) break;
        else throw new ImportLimitError('文件格式不正确：Excel 文件中不能含有 DOCTYPE');
        continue;
      }
      if (next === 63 /* ? */) {
        end = s.indexOf('?>', i + 2);
        if (end === -1) break;
        i = end + 2;
        continue;
      }
      end = tagEnd(s, i + 1);
      if (end === -1) break;
      const tag = s.slice(i + 1, end);
      i = end + 1;
      if (tag.charCodeAt(0) === 47 /* / */) { this.h.close(localName(tag.slice(1).trim())); continue; }
      const selfClosing = tag.charCodeAt(tag.length - 1) === 47;
      let k = 0;
      while (k < tag.length && !isSpace(tag.charCodeAt(k)) && tag.charCodeAt(k) !== 47) k++;
      const name = localName(tag.slice(0, k));
      this.h.open(name, tag, selfClosing);
      if (selfClosing) this.h.close(name);
    }
    this.rest = i < n ? s.slice(i) : '';
    if (this.rest.length > this.maxToken) throw new ImportLimitError(`文件格式不正确：XML 标记超过 ${this.maxToken} 个字符`);
  }

  /** The part ended: anything left unfinished means a cut file. */
  end(): void {
    if (this.rest.trim()) throw new ImportLimitError('文件格式不正确：Excel 文件内容不完整');
  }
}
