/**
 * A small, strict-enough XML reader for the parts of a .docx (document.xml, its relationships): elements with
 * attributes and text, namespaces kept as written prefixes (w:p, m:f). No DTD, no external entities: a
 * declaration or doctype is skipped, never expanded, so a hostile file cannot make it fetch or blow up.
 */
export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: (XNode | string)[];
}

export class XmlError extends Error {
  override name = 'XmlError';
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e] ?? m;
  });
}

const ATTR = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a whole XML document into its root element; throws XmlError on unbalanced tags. */
export function parseXml(xml: string): XNode {
  const root: XNode = { name: '#root', attrs: {}, children: [] };
  const stack: XNode[] = [root];
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) { pushText(stack, xml.slice(i)); break; }
    if (lt > i) pushText(stack, xml.slice(i, lt));
    if (xml.startsWith('<!--', lt)) { i = after(xml, '-->', lt); continue; }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end < 0) throw new XmlError('CDATA 未结束');
      stack[stack.length - 1]!.children.push(xml.slice(lt + 9, end));
      i = end + 3;
      continue;
    }
    if (xml[lt + 1] === '?' || xml[lt + 1] === '!') { i = after(xml, '>', lt); continue; }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new XmlError('标签未结束');
    const body = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (body[0] === '/') {
      const name = body.slice(1).trim();
      const top = stack.pop();
      if (!top || top.name !== name || stack.length === 0) throw new XmlError(`标签不匹配：${name}`);
      continue;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const m = /^([\w:.-]+)/.exec(inner);
    if (!m) throw new XmlError('标签名无效');
    const node: XNode = { name: m[1]!, attrs: {}, children: [] };
    for (const a of inner.slice(m[1]!.length).matchAll(ATTR)) node.attrs[a[1]!] = decodeEntities(a[3] ?? a[4] ?? '');
    stack[stack.length - 1]!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new XmlError('文档不完整');
  const top = root.children.find((c): c is XNode => typeof c !== 'string');
  if (!top) throw new XmlError('没有根元素');
  return top;
}

function after(xml: string, end: string, from: number): number {
  const k = xml.indexOf(end, from);
  if (k < 0) throw new XmlError('文档不完整');
  return k + end.length;
}

function pushText(stack: XNode[], raw: string) {
  if (stack.length > 1) stack[stack.length - 1]!.children.push(decodeEntities(raw));
}

/** Child elements (optionally of one name). */
export function kids(node: XNode, name?: string): XNode[] {
  return node.children.filter((c): c is XNode => typeof c !== 'string' && (name === undefined || c.name === name));
}

export function kid(node: XNode | undefined, name: string): XNode | undefined {
  return node ? kids(node, name)[0] : undefined;
}

/** All text below a node. */
export function textOf(node: XNode): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** The w:val / m:val of a property element (any prefix). */
export function valOf(node: XNode | undefined): string | undefined {
  if (!node) return undefined;
  return node.attrs['m:val'] ?? node.attrs['w:val'] ?? node.attrs.val;
}
