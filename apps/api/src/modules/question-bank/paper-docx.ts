/**
 * 组卷 as a Word document: the paper (title, a heading whenever the section changes, numbered stems, options), then on a
 * new page 参考答案与解析. Formulas ($…$ LaTeX) become Word equations (packages/shared latex-math.ts: fractions,
 * powers, indices, roots, symbols; other commands as their text). PNG and JPEG pictures of the editor are kept.
 */
import {
  AlignmentType, HeadingLevel, ImageRun, Math as OMath, MathFraction, MathRadical, MathRun, MathSubScript, MathSubSuperScript,
  MathSuperScript, PageBreak, Paragraph, TextRun, type MathComponent, type ParagraphChild,
} from 'docx';
import { parseLatex, splitFormulas, type MathNode } from '@jz/shared/latex-math';
import { wordDocument } from '../../core/word-document.js';

export interface DocxQuestion { type: string; section: string; score: number; stem: string; options: { label: string; content: string }[]; answer: string; analysis: string }

export const TYPE_NAMES: Record<string, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', subjective: '解答题' };
const NUMERALS = '一二三四五六七八九十';

function mathOf(nodes: MathNode[]): MathComponent[] {
  return nodes.map((n): MathComponent => {
    if (n.t === 'text') return new MathRun(n.v);
    if (n.t === 'frac') return new MathFraction({ numerator: mathOf(n.num), denominator: mathOf(n.den) });
    if (n.t === 'sqrt') return new MathRadical({ children: mathOf(n.body), ...(n.index ? { degree: mathOf(n.index) } : {}) });
    const base = mathOf(n.base.length ? n.base : [{ t: 'text', v: '' }]);
    if (n.sup && n.sub) return new MathSubSuperScript({ children: base, superScript: mathOf(n.sup), subScript: mathOf(n.sub) });
    if (n.sup) return new MathSuperScript({ children: base, superScript: mathOf(n.sup) });
    return new MathSubScript({ children: base, subScript: mathOf(n.sub ?? []) });
  });
}

const decode = (s: string) => s.replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Width and height of a PNG (IHDR) or JPEG (first SOF marker); null for other data. */
function imageSize(b: Buffer): { w: number; h: number; type: 'png' | 'jpg' } | null {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47) return { w: b.readUInt32BE(16), h: b.readUInt32BE(20), type: 'png' };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1]!;
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3) return { w: b.readUInt16BE(i + 7), h: b.readUInt16BE(i + 5), type: 'jpg' };
      i += 2 + len;
    }
  }
  return null;
}

/** One block of editor HTML (no block tags inside) as runs: text, equations and pictures. */
function runsOf(html: string, size = 22): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const part of html.split(/(<img\b[^>]*>)/i)) {
    if (/^<img/i.test(part)) {
      const m = /src="data:image\/(?:png|jpe?g);base64,([^"]+)"/i.exec(part);
      const bytes = m ? Buffer.from(m[1]!, 'base64') : null;
      const dim = bytes ? imageSize(bytes) : null;
      if (bytes && dim && dim.w > 0 && dim.h > 0) {
        const scale = Math.min(1, 450 / dim.w);
        out.push(new ImageRun({ type: dim.type, data: bytes, transformation: { width: Math.round(dim.w * scale), height: Math.round(dim.h * scale) } }));
      } else out.push(new TextRun({ text: '[图片]', size }));
      continue;
    }
    const text = decode(part.replace(/<[^>]+>/g, ''));
    for (const piece of splitFormulas(text)) {
      if (!piece.v) continue;
      out.push(piece.math ? new OMath({ children: mathOf(parseLatex(piece.v)) }) : new TextRun({ text: piece.v, size }));
    }
  }
  return out;
}

/** Editor HTML as paragraphs (p, div, li, br end a line); the first line starts with `lead`. */
function paragraphsOf(html: string, lead = ''): Paragraph[] {
  const blocks = html.replace(/<br\s*\/?>/gi, '\n').split(/<\/(?:p|div|li|h[1-6])>|\n/i).map((b) => b.trim()).filter((b) => b.replace(/<(?!img)[^>]+>/gi, '').trim());
  if (!blocks.length) blocks.push('');
  return blocks.map((b, i) => new Paragraph({ children: [...(i === 0 && lead ? [new TextRun({ text: lead, size: 22 })] : []), ...runsOf(b)], spacing: { after: 60 } }));
}

export async function paperDocx(title: string, subtitle: string, items: DocxQuestion[]): Promise<Buffer> {
  const body: Paragraph[] = [];
  let section = 0;
  items.forEach((q, i) => {
    if (i === 0 || items[i - 1]!.section !== q.section) {
      let n = 0;
      let total = 0;
      for (let j = i; j < items.length && items[j]!.section === q.section; j++) { n++; total += items[j]!.score; }
      body.push(new Paragraph({ text: `${NUMERALS[section] ?? section + 1}、${q.section}（共 ${n} 题，共 ${total} 分）`, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 120 } }));
      section++;
    }
    body.push(...paragraphsOf(q.stem, `${i + 1}.（${q.score} 分）`));
    for (const o of q.options) body.push(...paragraphsOf(o.content || ' ', `${o.label}. `));
  });
  const answers: Paragraph[] = [new Paragraph({ children: [new PageBreak()] }), new Paragraph({ text: '参考答案与解析', heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER })];
  items.forEach((q, i) => {
    answers.push(...paragraphsOf(q.answer || '（无）', `${i + 1}. 答案：`));
    if (q.analysis) answers.push(...paragraphsOf(q.analysis, '解析：'));
  });
  return wordDocument(title, subtitle, [...body, ...answers]);
}
