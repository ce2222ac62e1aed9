// Judging the engine against a synthetic sheet's truth: every group read right, flagged, or wrong without a flag
// (a silent error — the one outcome never allowed), and the confusion figures over many sheets.
import type { DoubtReason, GroupReading, SheetResult, SheetTemplate } from '../types.js';
import type { Expectation, GroupTruth, MarkKind, Scenario, SheetTruth } from './types.js';

/** right: read as meant, no flag · flagged-right: read as meant but flagged · flagged-wrong · silent: wrong (or a required flag missing), no flag. */
export type Outcome = 'right' | 'flagged-right' | 'flagged-wrong' | 'silent';

export interface GroupVerdict {
  id: string;
  role: 'question' | 'admission' | 'absent' | 'pageCode';
  scenario: Scenario | 'absent' | 'printed';
  expect: Expectation;
  intended: string[];
  read: string[] | null;
  doubt?: DoubtReason;
  outcome: Outcome;
  /** Per bubble: the mark drawn (or none), whether the engine read it marked, its darkness. */
  bubbles: { value: string; kind: MarkKind | 'none'; marked: boolean; darkness?: number }[];
}

export interface SheetVerdict {
  seed: number;
  rejected: string | null;
  rotationRight: boolean;
  groups: GroupVerdict[];
  /** Largest distance (pixels) between where the engine and the truth put a bubble centre. */
  transformErrorPx: number | null;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function outcomeOf(expect: Expectation, intended: string[], read: string[], doubt: DoubtReason | undefined): Outcome {
  const right = same([...intended].sort(), [...read].sort());
  if (doubt) return right ? 'flagged-right' : 'flagged-wrong';
  if (expect === 'flag') return 'silent';
  return right ? 'right' : 'silent';
}

function groupVerdict(t: GroupTruth, reading: GroupReading | undefined, bubbleValues: string[], extraDoubt?: DoubtReason): GroupVerdict {
  const kinds = new Map(t.marks.map((m) => [m.value, m.kind]));
  const read = reading?.marked ?? null;
  const doubt = reading?.doubt ?? extraDoubt;
  return {
    id: t.id, role: t.role, scenario: t.scenario, expect: t.expect, intended: t.intended, read, doubt,
    outcome: read === null ? (doubt ? 'flagged-wrong' : 'silent') : outcomeOf(t.expect, t.intended, read, doubt),
    bubbles: bubbleValues.map((v, i) => ({ value: v, kind: kinds.get(v) ?? 'none', marked: !!read?.includes(v), darkness: reading?.darkness[i] })),
  };
}

export interface JudgeOptions {
  /** Bits the page code should read (from the card layout), when the caller knows them. */
  pageBits?: readonly (0 | 1)[];
  /** Decoded pixels per generated pixel (the decoder shrank the scan on load); default 1. */
  pixelScale?: number;
}

export function judgeSheet(truth: SheetTruth, result: SheetResult, template: SheetTemplate, opts: JudgeOptions = {}): SheetVerdict {
  const { pageBits, pixelScale = 1 } = opts;
  if (result.status === 'rejected') {
    return { seed: truth.seed, rejected: result.reason ?? '（无原因）', rotationRight: false, groups: [], transformErrorPx: null };
  }
  const byId = new Map(template.questions.map((q) => [q.id, q]));
  const digitGroups = template.admission?.digits ?? [];
  const questions = new Map(result.questions.map((q) => [q.id, q]));
  const digits = new Map((result.admission?.digits ?? []).map((d) => [d.id, d]));
  const groups: GroupVerdict[] = truth.groups.map((t) => {
    if (t.role === 'admission') {
      const g = digitGroups.find((d) => d.id === t.id)!;
      // a doubt on the whole 考号 sends it to a person as well
      return groupVerdict(t, digits.get(t.id), g.bubbles.map((b) => b.value), result.admission?.doubt);
    }
    return groupVerdict(t, questions.get(t.id), byId.get(t.id)!.bubbles.map((b) => b.value));
  });
  if (template.absent) {
    const a = result.absent;
    const meant = truth.absent.marked;
    const read = a ? (a.marked ? ['缺考'] : []) : null;
    groups.push({
      id: '缺考', role: 'absent', scenario: 'absent', expect: truth.absent.expect, intended: meant ? ['缺考'] : [], read, doubt: a?.doubt,
      outcome: read === null ? 'silent' : outcomeOf(truth.absent.expect, meant ? ['缺考'] : [], read, a?.doubt),
      bubbles: [{ value: '缺考', kind: truth.absent.kind ?? 'none', marked: !!a?.marked, darkness: a?.darkness }],
    });
  }
  if (pageBits) {
    const bits = result.pageCode?.bits ?? null;
    groups.push({
      id: '页码', role: 'pageCode', scenario: 'printed', expect: 'clear', intended: [pageBits.join('')], read: bits ? [bits.join('')] : null,
      doubt: result.pageCode?.doubt, outcome: bits ? outcomeOf('clear', [pageBits.join('')], [bits.join('')], result.pageCode?.doubt) : 'silent', bubbles: [],
    });
  }
  let err: number | null = null;
  if (result.transform) {
    const [a, b, c, d, e, f] = result.transform;
    const [p, q, r, s, u, v] = truth.transform.map((x) => x * pixelScale);
    err = 0;
    for (const g of [...digitGroups, ...template.questions]) {
      for (const bb of g.bubbles) {
        const x = bb.x + bb.w / 2;
        const y = bb.y + bb.h / 2;
        err = Math.max(err, Math.hypot(a * x + b * y + c - (p * x + q * y + r), d * x + e * y + f - (s * x + u * y + v)));
      }
    }
  }
  return { seed: truth.seed, rejected: null, rotationRight: result.rotation === truth.rotation, groups, transformErrorPx: err };
}

type Counts = Record<Outcome, number>;
const zero = (): Counts => ({ right: 0, 'flagged-right': 0, 'flagged-wrong': 0, silent: 0 });

/** Confusion figures accumulated over sheets. */
export class Confusion {
  sheets = 0;
  rejected: { seed: number; reason: string }[] = [];
  wrongRotation: number[] = [];
  byExpect: Record<Expectation, Counts> = { clear: zero(), ambiguous: zero(), flag: zero() };
  byScenario: Record<string, Counts> = {};
  byRole: Record<string, Counts> = {};
  /** Per bubble mark kind: read marked / read unmarked, each split by whether its group was flagged. */
  byKind: Record<string, { marked: number; unmarked: number; markedFlagged: number; unmarkedFlagged: number }> = {};
  silent: { seed: number; id: string; scenario: string; intended: string[]; read: string[] | null; kinds: string }[] = [];
  clearWrong: { seed: number; id: string; scenario: string; intended: string[]; read: string[] | null; doubt?: string }[] = [];
  maxTransformErrorPx = 0;
  /** Darkness the engine measured per mark kind, as a histogram of 100 bins over [0, 1]. */
  darkness: Record<string, number[]> = {};

  add(v: SheetVerdict, truth: SheetTruth): void {
    this.sheets++;
    if (v.rejected) {
      // a rejected sheet goes to a person (not silent), but none of its clear marks was read
      this.rejected.push({ seed: v.seed, reason: v.rejected });
      this.byExpect.clear['flagged-wrong'] += truth.groups.filter((g) => g.expect === 'clear').length + (truth.absent.expect === 'clear' ? 1 : 0);
      return;
    }
    if (!v.rotationRight) this.wrongRotation.push(v.seed);
    if (v.transformErrorPx !== null) this.maxTransformErrorPx = Math.max(this.maxTransformErrorPx, v.transformErrorPx);
    for (const g of v.groups) {
      this.byExpect[g.expect][g.outcome]++;
      (this.byScenario[`${g.role}:${g.scenario}`] ??= zero())[g.outcome]++;
      (this.byRole[g.role] ??= zero())[g.outcome]++;
      for (const b of g.bubbles) {
        const row = (this.byKind[b.kind] ??= { marked: 0, unmarked: 0, markedFlagged: 0, unmarkedFlagged: 0 });
        if (g.doubt) row[b.marked ? 'markedFlagged' : 'unmarkedFlagged']++;
        else row[b.marked ? 'marked' : 'unmarked']++;
        if (b.darkness !== undefined) (this.darkness[b.kind] ??= new Array(100).fill(0))[Math.min(99, Math.max(0, Math.floor(b.darkness * 100)))]++;
      }
      const kinds = g.bubbles.filter((b) => b.kind !== 'none').map((b) => `${b.value}:${b.kind}${b.darkness !== undefined ? `(${b.darkness.toFixed(2)})` : ''}`).join(' ');
      if (g.outcome === 'silent') this.silent.push({ seed: v.seed, id: g.id, scenario: g.scenario, intended: g.intended, read: g.read, kinds });
      if (g.expect === 'clear' && (g.outcome === 'silent' || g.outcome === 'flagged-wrong')) {
        this.clearWrong.push({ seed: v.seed, id: g.id, scenario: g.scenario, intended: g.intended, read: g.read, doubt: g.doubt });
      }
    }
  }

  /** Silent errors: wrong readings without a flag, plus sheets read upside down without a flag. */
  get silentErrors(): number { return this.silent.length; }

  get clearGroups(): number {
    const c = this.byExpect.clear;
    return c.right + c['flagged-right'] + c['flagged-wrong'] + c.silent;
  }

  /** Share of clear groups read exactly (a flag on a right reading still counts as right). */
  get clearAccuracy(): number {
    const c = this.byExpect.clear;
    return this.clearGroups ? (c.right + c['flagged-right']) / this.clearGroups : 1;
  }

  /** Share of clear groups flagged although read right (work for a person, not an error). */
  get falseFlagRate(): number {
    return this.clearGroups ? this.byExpect.clear['flagged-right'] / this.clearGroups : 0;
  }

  /** Quantiles (0, 1 %, 50 %, 99 %, 100 %) of the measured darkness per mark kind, to the bin (0.01). */
  darknessQuantiles(): Record<string, [number, number, number, number, number]> {
    const out: Record<string, [number, number, number, number, number]> = {};
    for (const [kind, hist] of Object.entries(this.darkness)) {
      const n = hist.reduce((a, b) => a + b, 0);
      const q = (p: number) => {
        const target = Math.max(1, Math.ceil(p * n));
        let acc = 0;
        for (let i = 0; i < 100; i++) if ((acc += hist[i]) >= target) return i / 100;
        return 1;
      };
      out[kind] = [q(0), q(0.01), q(0.5), q(0.99), q(1)];
    }
    return out;
  }

  summary() {
    return {
      sheets: this.sheets, rejected: this.rejected.length, wrong_rotation: this.wrongRotation.length,
      silent_errors: this.silentErrors, clear_groups: this.clearGroups, clear_accuracy: this.clearAccuracy,
      false_flag_rate: +this.falseFlagRate.toFixed(4), max_transform_error_px: +this.maxTransformErrorPx.toFixed(2),
      by_expect: this.byExpect, by_scenario: this.byScenario, by_kind: this.byKind, darkness_quantiles: this.darknessQuantiles(),
    };
  }

  /** The figures as a small text table for logs. */
  table(): string {
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    const lines = [`sheets ${this.sheets}, rejected ${this.rejected.length}, wrong rotation ${this.wrongRotation.length}, silent errors ${this.silentErrors}, `
      + `clear accuracy ${(this.clearAccuracy * 100).toFixed(3)}% of ${this.clearGroups}, false flags ${(this.falseFlagRate * 100).toFixed(2)}%, max transform error ${this.maxTransformErrorPx.toFixed(2)} px`];
    lines.push(`${'group (role:scenario)'.padEnd(34)}${pad('right', 8)}${pad('flag+ok', 9)}${pad('flag+bad', 9)}${pad('SILENT', 8)}`);
    for (const [k, c] of [...Object.entries(this.byExpect).map(([k, c]) => [`expect ${k}`, c] as const), ...Object.entries(this.byScenario).sort()]) {
      lines.push(`${k.padEnd(34)}${pad(c.right, 8)}${pad(c['flagged-right'], 9)}${pad(c['flagged-wrong'], 9)}${pad(c.silent, 8)}`);
    }
    lines.push(`${'bubble mark kind'.padEnd(34)}${pad('marked', 8)}${pad('unmarked', 9)}${pad('flag+mk', 9)}${pad('flag+un', 8)}   darkness min/1%/50%/99%/max`);
    const dq = this.darknessQuantiles();
    for (const [k, c] of Object.entries(this.byKind).sort()) {
      lines.push(`${k.padEnd(34)}${pad(c.marked, 8)}${pad(c.unmarked, 9)}${pad(c.markedFlagged, 9)}${pad(c.unmarkedFlagged, 8)}   ${(dq[k] ?? []).map((v) => v.toFixed(2)).join(' ')}`);
    }
    if (this.silent.length) {
      lines.push('silent errors (seed group scenario: meant → read; marks with measured darkness):');
      for (const e of this.silent.slice(0, 40)) lines.push(`  ${e.seed} ${e.id} ${e.scenario}: ${e.intended.join('') || '—'} → ${e.read?.join('') || '—'}; ${e.kinds}`);
      if (this.silent.length > 40) lines.push(`  … ${this.silent.length - 40} more`);
    }
    return lines.join('\n');
  }
}
