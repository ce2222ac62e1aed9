import { describe, expect, it } from 'vitest';
import { parseLatex, splitFormulas } from './latex-math.js';

describe('latex for Word equations', () => {
  it('reads fractions, powers, indices and roots', () => {
    expect(parseLatex('\\frac{1}{2}x^2')).toEqual([
      { t: 'frac', num: [{ t: 'text', v: '1' }], den: [{ t: 'text', v: '2' }] },
      { t: 'script', base: [{ t: 'text', v: 'x' }], sup: [{ t: 'text', v: '2' }], sub: null },
    ]);
    expect(parseLatex('a_{n}^{2}')).toEqual([{ t: 'script', base: [{ t: 'text', v: 'a' }], sup: [{ t: 'text', v: '2' }], sub: [{ t: 'text', v: 'n' }] }]);
    expect(parseLatex('\\sqrt[3]{8}')).toEqual([{ t: 'sqrt', body: [{ t: 'text', v: '8' }], index: [{ t: 'text', v: '3' }] }]);
  });
  it('writes symbols as characters and keeps unknown commands as text', () => {
    expect(parseLatex('\\alpha\\le\\pi')).toEqual([{ t: 'text', v: 'α≤π' }]);
    expect(parseLatex('\\unknown{x}')).toEqual([{ t: 'text', v: '\\unknownx' }]);
  });
  it('splits text at $…$', () => {
    expect(splitFormulas('求 $y=2x$ 的斜率，单价 5$')).toEqual([
      { math: false, v: '求 ' }, { math: true, v: 'y=2x' }, { math: false, v: ' 的斜率，单价 5$' },
    ]);
  });
});
