// A bank question's HTML for a printed page: rebuilt from an allow-list (tags without attributes, pictures only
// from data: URLs), so stored HTML cannot bring script, styles or outside requests into the print; $…$ formulas
// become MathML (KaTeX), which Chromium lays out without fonts or CSS of KaTeX's own.
import katex from 'katex';
import { escapeHtml } from '../common.js';

const TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'pre', 'code']);
const VOID = new Set(['br']);
const IMG_SRC = /\bsrc\s*=\s*"(data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+)"/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };

const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);

/** Text between tags: formulas to MathML, the rest escaped again (a formula KaTeX cannot read stays as its source). */
function textOf(raw: string): string {
  return decode(raw).split(/(\$\$[^$]+\$\$|\$[^$]+\$)/g).map((part) => {
    const display = part.length > 4 && part.startsWith('$$') && part.endsWith('$$');
    const inline = !display && part.length > 2 && part.startsWith('$') && part.endsWith('$');
    if (!display && !inline) return escapeHtml(part);
    try {
      return katex.renderToString(display ? part.slice(2, -2) : part.slice(1, -1), { displayMode: display, throwOnError: true, output: 'mathml', trust: false, maxSize: 50, maxExpand: 200 });
    } catch {
      return `<span class="formula-error">${escapeHtml(part)}</span>`;
    }
  }).join('');
}

/** Clean printable HTML of a stem, option or analysis. */
export function printableRich(stored: string): string {
  // what script, styles and embedded frames hold is not text of the question: dropped with them
  const html = stored.replace(/<(script|style|iframe|object|embed|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let at = 0;
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g)) {
    out += textOf(html.slice(at, m.index));
    at = m.index + m[0].length;
    const tag = m[1]!.toLowerCase();
    const closing = m[0].startsWith('</');
    if (tag === 'img') {
      const src = IMG_SRC.exec(m[2]!)?.[1];
      out += src ? `<img src="${src}" alt="">` : '[图片]';
    } else if (TAGS.has(tag) && !(closing && VOID.has(tag))) out += closing ? `</${tag}>` : `<${tag}>`;
  }
  return out + textOf(html.slice(at));
}
