/**
 * word/document.xml → paragraphs of segments: text (runs, tabs as spaces, underlined blanks as ____), equations
 * (OMML converted to LaTeX), images (the media part they point at) and errors (what could not be read, kept in
 * place so the question it belongs to can be named). Table cells are read as paragraphs in reading order.
 */
import { OmmlError, ommlToLatex } from './omml.js';
import { kid, kids, parseXml, textOf, valOf, type XNode } from './xml.js';

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'math'; tex: string }
  | { kind: 'image'; target: string }
  | { kind: 'error'; message: string };
export type Paragraph = Segment[];

/** word/_rels/document.xml.rels → relationship id → part path inside the zip (word/media/image1.png); external links marked. */
export function readRelationships(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of kids(parseXml(xml), 'Relationship')) {
    const id = r.attrs.Id ?? '';
    const target = r.attrs.Target ?? '';
    if (r.attrs.TargetMode === 'External') { out.set(id, `external:${target}`); continue; }
    const parts: string[] = [];
    for (const seg of (target.startsWith('/') ? target.slice(1) : `word/${target}`).split('/')) {
      if (seg === '..') parts.pop(); else if (seg && seg !== '.') parts.push(seg);
    }
    out.set(id, parts.join('/'));
  }
  return out;
}

/** First descendant with this name. */
function find(node: XNode, name: string): XNode | undefined {
  for (const c of kids(node)) {
    if (c.name === name) return c;
    const f = find(c, name);
    if (f) return f;
  }
  return undefined;
}

class Reader {
  readonly paragraphs: Paragraph[] = [];
  constructor(private readonly rels: Map<string, string>) {}

  block(node: XNode): void {
    for (const c of kids(node)) {
      if (c.name === 'w:p') this.paragraphs.push(this.paragraph(c));
      else if (c.name === 'w:tbl') for (const tr of kids(c, 'w:tr')) for (const tc of kids(tr, 'w:tc')) this.block(tc);
      else if (c.name === 'w:sdt') this.block(kid(c, 'w:sdtContent') ?? c);
      else if (c.name === 'm:oMathPara') this.paragraphs.push([this.math(c)]);
    }
  }

  paragraph(p: XNode): Paragraph {
    const out: Paragraph = [];
    this.inline(p, out);
    // neighbouring text segments joined, so markers such as “1.” split over runs are seen whole
    const merged: Paragraph = [];
    for (const s of out) {
      const last = merged[merged.length - 1];
      if (s.kind === 'text' && last?.kind === 'text') last.text += s.text; else merged.push(s);
    }
    return merged;
  }

  private math(node: XNode): Segment {
    try {
      return { kind: 'math', tex: ommlToLatex(node) };
    } catch (err) {
      if (err instanceof OmmlError) return { kind: 'error', message: `${err.message}（公式：${textOf(node).slice(0, 30)}）` };
      throw err;
    }
  }

  private image(rid: string | undefined): Segment {
    const target = rid ? this.rels.get(rid) : undefined;
    if (!target) return { kind: 'error', message: '图片缺少对应的文件' };
    if (target.startsWith('external:')) return { kind: 'error', message: '图片为外部链接，请在 Word 中嵌入图片后再导入' };
    return { kind: 'image', target };
  }

  private inline(node: XNode, out: Paragraph): void {
    for (const c of kids(node)) {
      switch (c.name) {
        case 'w:r': this.run(c, out); break;
        case 'm:oMath': case 'm:oMathPara': out.push(this.math(c)); break;
        case 'w:hyperlink': case 'w:ins': case 'w:smartTag': case 'w:fldSimple': case 'w:customXml': case 'w:dir': case 'w:bdo':
          this.inline(c, out); break;
        case 'w:sdt': this.inline(kid(c, 'w:sdtContent') ?? c, out); break;
        default: break; // properties, bookmarks, deleted text, comments
      }
    }
  }

  private run(r: XNode, out: Paragraph): void {
    const rPr = kid(r, 'w:rPr');
    const underlined = !!kid(rPr, 'w:u') && valOf(kid(rPr, 'w:u')) !== 'none';
    for (const c of kids(r)) {
      if (c.name === 'w:t') {
        const t = textOf(c);
        out.push({ kind: 'text', text: underlined && !t.trim() ? '_'.repeat(Math.max(4, t.length)) : t });
      } else if (c.name === 'w:tab' || c.name === 'w:ptab') out.push({ kind: 'text', text: ' ' });
      else if (c.name === 'w:br' || c.name === 'w:cr') out.push({ kind: 'text', text: ' ' });
      else if (c.name === 'w:sym') out.push({ kind: 'text', text: String.fromCharCode(parseInt(c.attrs['w:char'] ?? '20', 16) & 0xffff || 32) });
      else if (c.name === 'w:drawing') out.push(this.image(find(c, 'a:blip')?.attrs['r:embed']));
      else if (c.name === 'w:object') out.push({ kind: 'error', message: '含 MathType 等嵌入对象，无法转换，请在 Word 中将其转换为 Office 公式或图片' });
      else if (c.name === 'w:pict') out.push(this.image(find(c, 'v:imagedata')?.attrs['r:id']));
      else if (c.name === 'mc:AlternateContent') this.run({ ...r, children: kids(kid(c, 'mc:Choice') ?? c) }, out);
    }
  }
}

/** The paragraphs of document.xml; `rels` from readRelationships. Throws XmlError on malformed XML. */
export function readDocument(xml: string, rels: Map<string, string>): Paragraph[] {
  const doc = parseXml(xml);
  const body = kid(doc, 'w:body');
  const reader = new Reader(rels);
  if (body) reader.block(body);
  return reader.paragraphs;
}
