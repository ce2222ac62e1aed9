/**
 * A small LaTeX reader for the Word export of 组卷: fractions, powers, indices, roots, Greek letters and common
 * symbols become a tree the export writes as a Word equation; any other command stays as its own text (\name),
 * so no formula is dropped. Pure.
 */
export type MathNode =
  | { t: 'text'; v: string }
  | { t: 'frac'; num: MathNode[]; den: MathNode[] }
  | { t: 'sqrt'; body: MathNode[]; index: MathNode[] | null }
  | { t: 'script'; base: MathNode[]; sup: MathNode[] | null; sub: MathNode[] | null };

const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', theta: 'θ', lambda: 'λ', mu: 'μ', pi: 'π',
  rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', varphi: 'φ', omega: 'ω', Delta: 'Δ', Sigma: 'Σ', Omega: 'Ω', Gamma: 'Γ', Pi: 'Π',
  times: '×', div: '÷', cdot: '·', pm: '±', mp: '∓', le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈',
  infty: '∞', in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆', cup: '∪', cap: '∩', emptyset: '∅', varnothing: '∅',
  angle: '∠', triangle: '△', perp: '⊥', parallel: '∥', circ: '°', degree: '°', rightarrow: '→', to: '→', Rightarrow: '⇒',
  leftarrow: '←', Leftrightarrow: '⇔', therefore: '∴', because: '∵', forall: '∀', exists: '∃', sum: '∑', int: '∫',
  log: 'log', ln: 'ln', sin: 'sin', cos: 'cos', tan: 'tan', lim: 'lim', quad: ' ', qquad: '  ', ',': ' ', ';': ' ', ' ': ' ',
  '{': '{', '}': '}', '%': '%', '$': '$', '\\': ' ', left: '', right: '', mathrm: '', text: '',
};

class Reader {
  i = 0;
  constructor(readonly s: string) {}

  /** Reads nodes until the end or a closing brace (consumed). */
  list(closer?: string): MathNode[] {
    const out: MathNode[] = [];
    while (this.i < this.s.length) {
      const ch = this.s[this.i]!;
      if (closer && ch === closer) { this.i++; return merge(out); }
      if (ch === '^' || ch === '_') {
        this.i++;
        const arg = this.arg();
        const last = out.at(-1);
        const base = last && last.t === 'script' && (ch === '^' ? last.sup === null : last.sub === null) ? null : last;
        if (last && last.t === 'script' && base === null) {
          if (ch === '^') last.sup = arg; else last.sub = arg;
        } else {
          if (last) out.pop();
          out.push({ t: 'script', base: last ? [last] : [], sup: ch === '^' ? arg : null, sub: ch === '_' ? arg : null });
        }
        continue;
      }
      out.push(...this.atom());
    }
    return merge(out);
  }

  /** One argument: a braced group, a command, or one character. */
  arg(): MathNode[] {
    while (this.s[this.i] === ' ') this.i++;
    if (this.s[this.i] === '{') { this.i++; return this.list('}'); }
    return this.atom();
  }

  atom(): MathNode[] {
    const ch = this.s[this.i]!;
    if (ch === '{') { this.i++; return this.list('}'); }
    if (ch !== '\\') { this.i++; return [{ t: 'text', v: ch }]; }
    const m = /^\\([A-Za-z]+|.)/.exec(this.s.slice(this.i));
    if (!m) { this.i++; return [{ t: 'text', v: '\\' }]; }
    this.i += m[0].length;
    const name = m[1]!;
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') return [{ t: 'frac', num: this.arg(), den: this.arg() }];
    if (name === 'sqrt') {
      let index: MathNode[] | null = null;
      if (this.s[this.i] === '[') { this.i++; index = this.list(']'); }
      return [{ t: 'sqrt', body: this.arg(), index }];
    }
    if (name === 'mathrm' || name === 'text' || name === 'mathbf' || name === 'boldsymbol' || name === 'overline' || name === 'vec') return this.arg();
    const sym = SYMBOLS[name];
    return [{ t: 'text', v: sym ?? `\\${name}` }];
  }
}

/** Joins neighbouring text nodes. */
function merge(nodes: MathNode[]): MathNode[] {
  const out: MathNode[] = [];
  for (const n of nodes) {
    const last = out.at(-1);
    if (n.t === 'text' && last?.t === 'text') last.v += n.v;
    else out.push(n.t === 'text' ? { ...n } : n);
  }
  return out;
}

export function parseLatex(src: string): MathNode[] {
  return new Reader(src.trim()).list();
}

/** Splits text with $…$ (or $$…$$) formulas into plain and formula pieces; an unclosed $ stays as text. */
export function splitFormulas(text: string): { math: boolean; v: string }[] {
  const out: { math: boolean; v: string }[] = [];
  const re = /\$\$([^$]+)\$\$|\$([^$]+)\$/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) out.push({ math: false, v: text.slice(at, m.index) });
    out.push({ math: true, v: (m[1] ?? m[2])! });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ math: false, v: text.slice(at) });
  return out;
}
