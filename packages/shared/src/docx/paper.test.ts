import { Document, ImageRun, Math as OMath, MathFraction, MathRun, MathSuperScript, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readDocument, readRelationships, type Paragraph as DocParagraph } from './document.js';
import { splitPaper } from './paper.js';

/** 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Writes a real .docx with the `docx` package and reads it back as the importer does. */
async function paragraphsOf(children: Paragraph[]): Promise<DocParagraph[]> {
  const bytes = await Packer.toBuffer(new Document({ sections: [{ children }] }));
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  return readDocument(xml, readRelationships(rels));
}
const p = (...children: (string | TextRun | OMath | ImageRun)[]) => new Paragraph({ children: children.map((c) => (typeof c === 'string' ? new TextRun(c) : c)) });

/**
 * A paper as teachers type it, and the questions expected by reading it: two sections; question 1 a choice with its
 * options on one line and a fraction; 2 with options on two lines and an answer/analysis; 3 a fill-in with x²;
 * 4 a 解答题 with (1)(2) sub-items and an image; the decimal “1.5” does not start a question.
 */
describe('paper splitter', () => {
  it('splits sections, numbers, options, sub-items, answers, formulas and images', async () => {
    const half = new OMath({ children: [new MathFraction({ numerator: [new MathRun('1')], denominator: [new MathRun('2')] })] });
    const square = new OMath({ children: [new MathSuperScript({ children: [new MathRun('x')], superScript: [new MathRun('2')] })] });
    const paras = await paragraphsOf([
      p('2025学年第一学期期中考试 数学'),
      p('一、选择题（每题 5 分）'),
      p('1．下列数中最大的是（  ）'),
      p('A．', half, '  B．1.5  C．0  D．-1'),
      p('2. 3 的相反数是'),
      p('A. 3\tB. -3'),
      p('C. 1/3\tD. -1/3'),
      p('【答案】B'),
      p('【解析】相反数只改变符号。'),
      p('二、填空题'),
      p('3、若 ', square, ' = 4，则 x = ____'),
      p('三、解答题'),
      p('4. 如图，已知三角形 ABC。'),
      p(new ImageRun({ type: 'png', data: PNG, transformation: { width: 20, height: 20 } })),
      p('（1）求 ∠A；'),
      p('（2）求周长，长度 1.5 米。'),
    ]);
    const { questions, errors } = splitPaper(paras);
    expect(errors).toEqual([]);
    expect(questions.map((q) => [q.no, q.type, q.errors])).toEqual([[1, 'single', []], [2, 'single', []], [3, 'fill', []], [4, 'subjective', []]]);
    const [q1, q2, q3, q4] = questions;
    expect(q1!.stem).toBe('<p>下列数中最大的是（  ）</p>');
    expect(q1!.options).toEqual([{ label: 'A', content: '$\\frac{1}{2}$' }, { label: 'B', content: '1.5' }, { label: 'C', content: '0' }, { label: 'D', content: '-1' }]);
    expect(q1!.section).toBe('一、选择题（每题 5 分）');
    expect(q2!.options.map((o) => o.content)).toEqual(['3', '-3', '1/3', '-1/3']);
    expect(q2!.answer).toBe('B');
    expect(q2!.analysis).toBe('<p>相反数只改变符号。</p>');
    expect(q3!.stem).toBe('<p>若 $x^2$ = 4，则 x = ____</p>');
    expect(q4!.images).toHaveLength(1);
    expect(q4!.stem).toMatch(/^<p>如图，已知三角形 ABC。<\/p><p><img src="docx:word\/media\/[^"]+" alt="图片"><\/p><p>（1）求 ∠A；<\/p><p>（2）求周长，长度 1.5 米。<\/p>$/);
  });

  it('names the question whose formula does not convert and the choice without options', async () => {
    const paras: DocParagraph[] = [
      [{ kind: 'text', text: '一、选择题' }],
      [{ kind: 'text', text: '1. 题目' }],
      [{ kind: 'text', text: '2. 计算 ' }, { kind: 'error', message: '无法转换的公式元素 <m:mystery>' }],
      [{ kind: 'text', text: 'A. 1 B. 2' }],
    ];
    const { questions } = splitPaper(paras);
    expect(questions.map((q) => [q.no, q.errors])).toEqual([
      [1, ['选择题没有识别到选项（应以 A. B. C. D. 开头）']],
      [2, ['无法转换的公式元素 <m:mystery>']],
    ]);
  });

  it('escapes text so that a dollar sign or a tag is shown, not run', () => {
    const { questions } = splitPaper([[{ kind: 'text', text: '1. 价格 $5 与 <b>' }]]);
    expect(questions[0]!.stem).toBe('<p>价格 &#36;5 与 &lt;b&gt;</p>');
  });
});
