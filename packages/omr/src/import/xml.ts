// A minimal XML element reader for template files (elements and attributes; text, comments, CDATA and
// processing instructions are skipped). Enough for FormScanner's .xtmpl, no dependency.
import { ImportError } from './imported.js';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const tag = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][\s\S]*?>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  const attr = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(text))) {
    if (!m[2]) continue; // comment, CDATA, declaration
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || stack.length === 0) throw new ImportError(`XML 结构错误：</${name}> 没有对应的开始标签`);
      continue;
    }
    const el: XmlElement = { name, attrs: {}, children: [] };
    for (const a of attrText.matchAll(attr)) el.attrs[a[1]] = decode(a[2] ?? a[3] ?? '');
    stack[stack.length - 1].children.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length !== 1) throw new ImportError(`XML 结构错误：<${stack[stack.length - 1].name}> 没有结束`);
  if (root.children.length !== 1) throw new ImportError('XML 结构错误：须有且只有一个根元素');
  return root.children[0];
}

/** Every descendant element with this name, document order. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}
