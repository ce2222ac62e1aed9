/**
 * Word equations (OMML, m:oMath) to LaTeX for KaTeX: fractions, sub/superscripts, radicals, n-ary operators,
 * delimiters, matrices, equation arrays, accents, bars, group characters, limits, functions, boxes, Greek and the
 * usual symbols. An element it does not know throws OmmlError naming it: an equation is never silently cut short.
 */
import { kid, kids, textOf, valOf, type XNode } from './xml.js';

export class OmmlError extends Error {
  override name = 'OmmlError';
}

const SYMBOLS: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\varepsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta', θ: '\\theta',
  ϑ: '\\vartheta', ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi', ρ: '\\rho', σ: '\\sigma',
  τ: '\\tau', υ: '\\upsilon', φ: '\\varphi', ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega',
  Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  '×': '\\times', '÷': '\\div', '·': '\\cdot', '⋅': '\\cdot', '±': '\\pm', '∓': '\\mp', '≤': '\\le', '≥': '\\ge', '≠': '\\ne', '≈': '\\approx',
  '≡': '\\equiv', '∼': '\\sim', '≌': '\\cong', '≅': '\\cong', '∝': '\\propto', '∞': '\\infty', '∈': '\\in', '∉': '\\notin', '⊂': '\\subset',
  '⊆': '\\subseteq', '⊊': '\\subsetneq', '⊃': '\\supset', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap', '∅': '\\varnothing', '∀': '\\forall',
  '∃': '\\exists', '¬': '\\neg', '∧': '\\wedge', '∨': '\\vee', '→': '\\to', '←': '\\leftarrow', '↔': '\\leftrightarrow', '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow', '∠': '\\angle', '△': '\\triangle', '⊥': '\\perp', '∥': '\\parallel', '°': '^{\\circ}', '′': "'", '″': "''",
  '∂': '\\partial', '∇': '\\nabla', '…': '\\ldots', '⋯': '\\cdots', '−': '-', '∵': '\\because', '∴': '\\therefore', '⊙': '\\odot', 'ℝ': '\\mathbb{R}',
  'ℕ': '\\mathbb{N}', 'ℤ': '\\mathbb{Z}', 'ℚ': '\\mathbb{Q}', 'ℂ': '\\mathbb{C}', '＋': '+', '－': '-', '＝': '=', '（': '(', '）': ')', '，': ',',
  '%': '\\%', '#': '\\#', '&': '\\&', _: '\\_', '{': '\\{', '}': '\\}', '\\': '\\backslash', '$': '\\textdollar', '~': '\\sim', '^': '\\hat{}',
};

const NARY: Record<string, string> = {
  '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap',
  '⋁': '\\bigvee', '⋀': '\\bigwedge',
};

const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat', '\u0303': '\\tilde', '\u0304': '\\bar', '\u0305': '\\overline', '\u20d7': '\\vec', '\u0307': '\\dot', '\u0308': '\\ddot',
  '\u0306': '\\breve', '\u0301': '\\acute', '\u0300': '\\grave', '\u030c': '\\check', '\u20d6': '\\overleftarrow', '\u20e1': '\\overleftrightarrow',
  '^': '\\hat', '~': '\\tilde', '→': '\\vec',
};

const DELIMS: Record<string, string> = {
  '(': '(', ')': ')', '[': '[', ']': ']', '{': '\\{', '}': '\\}', '|': '|', '‖': '\\|', '⟨': '\\langle', '⟩': '\\rangle', '〈': '\\langle',
  '〉': '\\rangle', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', '': '.',
};

const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'log', 'ln', 'lg',
  'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'gcd', 'deg', 'dim', 'ker', 'arg']);

/** Elements that only hold properties: nothing to render. */
const PROPERTIES = /^(m:\w+Pr|m:ctrlPr|w:rPr|w:bookmarkStart|w:bookmarkEnd|w:proofErr|w:lastRenderedPageBreak)$/;

/** Wraps a sub/superscript base or argument in braces unless it is one letter, digit or command. */
const group = (s: string) => (/^([A-Za-z0-9]|\\[A-Za-z]+)$/.test(s) ? s : `{${s}}`);

function prop(node: XNode, pr: string, name: string): string | undefined {
  return valOf(kid(kid(node, pr), name));
}
const on = (v: string | undefined) => v === '1' || v === 'on' || v === 'true';

function textToTex(text: string, plain: boolean): string {
  let out = '';
  let cjk = '';
  const flush = () => { if (cjk) { out += `\\text{${cjk}}`; cjk = ''; } };
  for (const ch of text) {
    if (/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(ch) && !SYMBOLS[ch]) { cjk += ch; continue; }
    flush();
    const sym = SYMBOLS[ch];
    if (sym) out += sym.startsWith('\\') && /[A-Za-z]$/.test(sym) ? `${sym} ` : sym;
    else out += ch;
  }
  flush();
  const word = out.trim();
  if (plain && FUNCTIONS.has(word)) return `\\${word}`;
  return out;
}

/** Children of a container element (m:e, m:num, …) converted and joined. */
function inner(node: XNode | undefined): string {
  if (!node) return '';
  return tidy(node.children.map((c) => (typeof c === 'string' ? '' : convert(c))).join(''));
}

/** Drops spaces except the one a command needs before a letter (\\sin x). */
const tidy = (s: string) => s.split(/(\\[A-Za-z]+\s+(?=[A-Za-z]))/).map((x, i) => (i % 2 ? `${x.trimEnd()} ` : x.replace(/\s+/g, ''))).join('');

function fraction(n: XNode): string {
  const num = inner(kid(n, 'm:num'));
  const den = inner(kid(n, 'm:den'));
  const type = prop(n, 'm:fPr', 'm:type');
  if (type === 'lin') return `${group(num)}/${group(den)}`;
  if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
  return `\\frac{${num}}{${den}}`;
}

function nary(n: XNode): string {
  const chr = prop(n, 'm:naryPr', 'm:chr') ?? '∫';
  const op = NARY[chr];
  if (!op) throw new OmmlError(`无法转换的公式：未知的运算符“${chr}”`);
  const sub = on(prop(n, 'm:naryPr', 'm:subHide')) ? '' : inner(kid(n, 'm:sub'));
  const sup = on(prop(n, 'm:naryPr', 'm:supHide')) ? '' : inner(kid(n, 'm:sup'));
  return `${op}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''} ${inner(kid(n, 'm:e'))}`;
}

function delimiter(n: XNode): string {
  const pr = kid(n, 'm:dPr');
  const beg = valOf(kid(pr, 'm:begChr')) ?? '(';
  const end = valOf(kid(pr, 'm:endChr')) ?? ')';
  const sep = valOf(kid(pr, 'm:sepChr')) ?? '|';
  const delim = (c: string) => {
    const d = DELIMS[c];
    if (d === undefined) throw new OmmlError(`无法转换的公式：未知的括号“${c}”`);
    return d;
  };
  const body = kids(n, 'm:e').map(inner).join(sep === '|' ? '|' : textToTex(sep, false));
  if (beg === '{' && end === '' && kids(n, 'm:e').length === 1) return `\\left\\{${body}\\right.`;
  return `\\left${delim(beg)}${body}\\right${delim(end)}`;
}

function matrix(n: XNode): string {
  const rows = kids(n, 'm:mr').map((r) => kids(r, 'm:e').map(inner).join(' & '));
  return `\\begin{matrix}${rows.join(' \\\\ ')}\\end{matrix}`;
}

function accent(n: XNode): string {
  const chr = prop(n, 'm:accPr', 'm:chr') ?? '\u0302';
  const cmd = ACCENTS[chr];
  if (!cmd) throw new OmmlError(`无法转换的公式：未知的重音符号“${chr}”`);
  return `${cmd}{${inner(kid(n, 'm:e'))}}`;
}

function groupChr(n: XNode): string {
  const chr = prop(n, 'm:groupChrPr', 'm:chr') ?? '⏟';
  const pos = prop(n, 'm:groupChrPr', 'm:pos') ?? 'bot';
  const e = inner(kid(n, 'm:e'));
  if (chr === '⏟') return `\\underbrace{${e}}`;
  if (chr === '⏞') return `\\overbrace{${e}}`;
  const sym = textToTex(chr, false).trim();
  return pos === 'top' ? `\\overset{${sym}}{${e}}` : `\\underset{${sym}}{${e}}`;
}

function run(n: XNode): string {
  const t = kids(n, 'm:t').map(textOf).join('') + kids(n, 'w:t').map(textOf).join('');
  const plain = prop(n, 'm:rPr', 'm:sty') === 'p' || on(valOf(kid(kid(n, 'm:rPr'), 'm:nor')));
  return textToTex(t, plain);
}

function func(n: XNode): string {
  const name = inner(kid(n, 'm:fName')).trim();
  const arg = inner(kid(n, 'm:e'));
  const head = FUNCTIONS.has(name) ? `\\${name}` : /^[A-Za-z]+$/.test(name) ? `\\operatorname{${name}}` : name;
  return `${head}${/^[A-Za-z0-9]/.test(arg) && /[A-Za-z]$/.test(head) ? ' ' : ''}${arg}`;
}

function limit(n: XNode, under: boolean): string {
  const e = inner(kid(n, 'm:e'));
  const lim = inner(kid(n, 'm:lim'));
  if (under && /^\\(lim|max|min|sup|inf)$/.test(e)) return `${e}_${group(lim)}`;
  return under ? `\\underset{${lim}}{${e}}` : `\\overset{${lim}}{${e}}`;
}

function convert(n: XNode): string {
  if (PROPERTIES.test(n.name)) return '';
  switch (n.name) {
    case 'm:oMathPara': return kids(n, 'm:oMath').map(inner).join(' \\\\ ');
    case 'm:oMath': case 'm:e': case 'm:num': case 'm:den': case 'm:sub': case 'm:sup': case 'm:deg': case 'm:lim': case 'm:fName':
    case 'm:box': case 'm:phant': case 'w:smartTag': case 'w:ins':
      return inner(n);
    case 'm:r': case 'w:r': return run(n);
    case 'm:f': return fraction(n);
    case 'm:sSub': return `${group(inner(kid(n, 'm:e')))}_${group(inner(kid(n, 'm:sub')))}`;
    case 'm:sSup': return `${group(inner(kid(n, 'm:e')))}^${group(inner(kid(n, 'm:sup')))}`;
    case 'm:sSubSup': return `${group(inner(kid(n, 'm:e')))}_${group(inner(kid(n, 'm:sub')))}^${group(inner(kid(n, 'm:sup')))}`;
    case 'm:sPre': return `{}_${group(inner(kid(n, 'm:sub')))}^${group(inner(kid(n, 'm:sup')))}${group(inner(kid(n, 'm:e')))}`;
    case 'm:rad': {
      const deg = on(prop(n, 'm:radPr', 'm:degHide')) ? '' : inner(kid(n, 'm:deg'));
      return `\\sqrt${deg ? `[${deg}]` : ''}{${inner(kid(n, 'm:e'))}}`;
    }
    case 'm:nary': return nary(n);
    case 'm:d': return delimiter(n);
    case 'm:m': return matrix(n);
    case 'm:eqArr': return `\\begin{aligned}${kids(n, 'm:e').map(inner).join(' \\\\ ')}\\end{aligned}`;
    case 'm:acc': return accent(n);
    case 'm:bar': return `${prop(n, 'm:barPr', 'm:pos') === 'top' ? '\\overline' : '\\underline'}{${inner(kid(n, 'm:e'))}}`;
    case 'm:groupChr': return groupChr(n);
    case 'm:func': return func(n);
    case 'm:limLow': return limit(n, true);
    case 'm:limUpp': return limit(n, false);
    case 'm:borderBox': return `\\boxed{${inner(kid(n, 'm:e'))}}`;
    default: throw new OmmlError(`无法转换的公式元素 <${n.name}>`);
  }
}

/** LaTeX of an m:oMath or m:oMathPara element (no surrounding $). Throws OmmlError on anything it cannot convert. */
export function ommlToLatex(node: XNode): string {
  const tex = tidy(convert(node));
  if (!tex) throw new OmmlError('无法转换的公式：公式为空');
  return tex;
}
