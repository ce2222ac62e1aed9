import { describe, expect, it } from 'vitest';
import { OmmlError, ommlToLatex } from './omml.js';
import { parseXml } from './xml.js';

/**
 * Each construct written as Word saves it (OMML) and the LaTeX expected, written by hand from the formula it
 * shows: e.g. the fraction (a+1)/(b) is \frac{a+1}{b}.
 */
const NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const r = (t: string) => `<m:r><m:rPr><m:sty m:val="i"/></m:rPr><w:rPr><w:rFonts w:ascii="Cambria Math"/></w:rPr><m:t>${t}</m:t></m:r>`;
const e = (...xs: string[]) => `<m:e>${xs.join('')}</m:e>`;
const tex = (body: string) => ommlToLatex(parseXml(`<m:oMath ${NS}>${body}</m:oMath>`));

describe('OMML to LaTeX', () => {
  it('fractions: bar, linear and no bar', () => {
    expect(tex(`<m:f><m:num>${r('a+1')}</m:num><m:den>${r('b')}</m:den></m:f>`)).toBe('\\frac{a+1}{b}');
    expect(tex(`<m:f><m:fPr><m:type m:val="lin"/></m:fPr><m:num>${r('x')}</m:num><m:den>${r('2')}</m:den></m:f>`)).toBe('x/2');
    expect(tex(`<m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num>${r('n')}</m:num><m:den>${r('k')}</m:den></m:f>`)).toBe('\\genfrac{}{}{0pt}{}{n}{k}');
  });

  it('sub- and superscripts, pre-scripts', () => {
    expect(tex(`<m:sSup>${e(r('x'))}<m:sup>${r('2')}</m:sup></m:sSup>${r('+1')}`)).toBe('x^2+1');
    expect(tex(`<m:sSub>${e(r('a'))}<m:sub>${r('n+1')}</m:sub></m:sSub>`)).toBe('a_{n+1}');
    expect(tex(`<m:sSubSup>${e(r('x'))}<m:sub>${r('1')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`)).toBe('x_1^2');
    expect(tex(`<m:sPre><m:sub>${r('6')}</m:sub><m:sup>${r('14')}</m:sup>${e(r('C'))}</m:sPre>`)).toBe('{}_6^{14}C');
  });

  it('radicals: square root, n-th root, hidden degree', () => {
    expect(tex(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(r('2'))}</m:rad>`)).toBe('\\sqrt{2}');
    expect(tex(`<m:rad><m:deg>${r('3')}</m:deg>${e(r('x+1'))}</m:rad>`)).toBe('\\sqrt[3]{x+1}');
  });

  it('n-ary: sum with limits, integral by default, hidden limits', () => {
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup>${e(r('i'))}</m:nary>`;
    expect(tex(sum)).toBe('\\sum_{i=1}^{n}i');
    const integral = `<m:nary><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup>${e(r('x'), r('dx'))}</m:nary>`;
    expect(tex(integral)).toBe('\\int_{0}^{1}xdx');
    const bare = `<m:nary><m:naryPr><m:chr m:val="∏"/><m:subHide m:val="1"/><m:supHide m:val="1"/></m:naryPr><m:sub/><m:sup/>${e(r('a'))}</m:nary>`;
    expect(tex(bare)).toBe('\\prod a');
  });

  it('delimiters: parentheses by default, chosen characters, separators, a one-sided brace', () => {
    expect(tex(`<m:d>${e(r('a+b'))}</m:d>`)).toBe('\\left(a+b\\right)');
    expect(tex(`<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>${e(r('0'))}${e(r('1'))}</m:d>`)).toBe('\\left[0|1\\right]');
    expect(tex(`<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr>${e(r('x'))}</m:d>`)).toBe('\\left|x\\right|');
    expect(tex(`<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr>${e(r('x>0'))}</m:d>`)).toBe('\\left\\{x>0\\right.');
  });

  it('matrices and equation arrays', () => {
    const m = `<m:m><m:mr>${e(r('1'))}${e(r('0'))}</m:mr><m:mr>${e(r('0'))}${e(r('1'))}</m:mr></m:m>`;
    expect(tex(`<m:d>${e(m)}</m:d>`)).toBe('\\left(\\begin{matrix}1&0\\\\0&1\\end{matrix}\\right)');
    expect(tex(`<m:eqArr>${e(r('x+y=2'))}${e(r('x-y=0'))}</m:eqArr>`)).toBe('\\begin{aligned}x+y=2\\\\x-y=0\\end{aligned}');
  });

  it('accents, bars and group characters', () => {
    expect(tex(`<m:acc><m:accPr><m:chr m:val="\u20d7"/></m:accPr>${e(r('a'))}</m:acc>`)).toBe('\\vec{a}');
    expect(tex(`<m:acc>${e(r('x'))}</m:acc>`)).toBe('\\hat{x}');
    expect(tex(`<m:bar><m:barPr><m:pos m:val="top"/></m:barPr>${e(r('AB'))}</m:bar>`)).toBe('\\overline{AB}');
    expect(tex(`<m:groupChr>${e(r('a+b'))}</m:groupChr>`)).toBe('\\underbrace{a+b}');
  });

  it('Greek letters and symbols, with a space only where a command meets a letter', () => {
    expect(tex(r('α+β≤π'))).toBe('\\alpha+\\beta\\le\\pi');
    expect(tex(r('∠ABC=90°'))).toBe('\\angle ABC=90^{\\circ}');
    expect(tex(r('x∈A∪B'))).toBe('x\\in A\\cup B');
    expect(tex(r('50%'))).toBe('50\\%');
    expect(tex(r('面积S'))).toBe('\\text{面积}S');
  });

  it('functions and limits', () => {
    const sin = `<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sin</m:t></m:r></m:fName>${e(r('x'))}</m:func>`;
    expect(tex(sin)).toBe('\\sin x');
    const lim = `<m:func><m:fName><m:limLow>${e('<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>lim</m:t></m:r>')}<m:lim>${r('n→∞')}</m:lim></m:limLow></m:fName>${e(r('a'))}</m:func>`;
    expect(tex(lim)).toBe('\\lim_{n\\to\\infty}a');
    const named = `<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sgn</m:t></m:r></m:fName>${e(r('x'))}</m:func>`;
    expect(tex(named)).toBe('\\operatorname{sgn}x');
  });

  it('a display paragraph of two equations', () => {
    expect(ommlToLatex(parseXml(`<m:oMathPara ${NS}><m:oMath>${r('a=1')}</m:oMath><m:oMath>${r('b=2')}</m:oMath></m:oMathPara>`))).toBe('a=1\\\\b=2');
  });

  it('an element it does not know is named, never dropped', () => {
    expect(() => tex(`${r('x')}<m:mystery>${e(r('y'))}</m:mystery>`)).toThrow(new OmmlError('无法转换的公式元素 <m:mystery>'));
    expect(() => tex(`<m:nary><m:naryPr><m:chr m:val="☃"/></m:naryPr>${e(r('y'))}</m:nary>`)).toThrow('未知的运算符“☃”');
    expect(() => tex('')).toThrow('公式为空');
  });
});
