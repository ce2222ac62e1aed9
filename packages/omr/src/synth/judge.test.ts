import { describe, expect, it } from 'vitest';
import type { GroupReading, SheetResult, SheetTemplate } from '../types.js';
import { Confusion, judgeSheet } from './judge.js';
import type { GroupTruth, SheetTruth } from './types.js';
import { NO_DISTORTION } from './generate.js';

const abcd = (id: string, kind: 'single' | 'multiple' = 'single') =>
  ({ id, kind, bubbles: ['A', 'B', 'C', 'D'].map((value, i) => ({ value, x: 20 + 6 * i, y: 30, w: 4, h: 2 })) });
const TEMPLATE: SheetTemplate = {
  version: 1, name: 't', unit: 'mm', width: 210, height: 297, anchors: [],
  admission: { digits: [{ id: '考号1', kind: 'single', bubbles: ['0', '1', '2'].map((value, i) => ({ value, x: 20, y: 10 + 4 * i, w: 4, h: 2 })) }] },
  absent: { x: 100, y: 10, w: 4, h: 2 },
  questions: [abcd('1'), abcd('2'), abcd('3'), abcd('4'), abcd('5', 'multiple')],
  blocks: [],
};

const g = (id: string, scenario: GroupTruth['scenario'], marks: GroupTruth['marks'], intended: string[], expect: GroupTruth['expect'], role: GroupTruth['role'] = 'question'): GroupTruth =>
  ({ id, role, kind: id === '5' ? 'multiple' : 'single', scenario, marks, intended, expect });

const TRUTH: SheetTruth = {
  seed: 7, dpi: 200, admission: '2', rotation: 0, distortion: NO_DISTORTION, transform: [8, 0, 0, 0, 8, 0],
  absent: { marked: false, expect: 'clear' },
  groups: [
    g('考号1', 'clear', [{ value: '2', kind: 'pencil' }], ['2'], 'clear', 'admission'),
    g('1', 'clear', [{ value: 'B', kind: 'pencil' }], ['B'], 'clear'),
    g('2', 'faint', [{ value: 'C', kind: 'faint' }], ['C'], 'ambiguous'),
    g('3', 'double', [{ value: 'A', kind: 'pencil' }, { value: 'D', kind: 'pencil' }], ['A', 'D'], 'flag'),
    g('4', 'erasure-then-clear', [{ value: 'A', kind: 'erasure' }, { value: 'C', kind: 'pen' }], ['C'], 'ambiguous'),
    g('5', 'clear', [{ value: 'A', kind: 'pen' }, { value: 'C', kind: 'pen' }], ['A', 'C'], 'clear'),
  ],
};

const reading = (id: string, marked: string[], doubt?: GroupReading['doubt']): GroupReading =>
  ({ id, marked, darkness: [0.1, 0.1, 0.1, 0.1], ...(doubt ? { doubt } : {}) });

function result(questions: GroupReading[], extra: Partial<SheetResult> = {}): SheetResult {
  return {
    status: 'ok', rotation: 0, transform: [8, 0, 0.5, 0, 8, -0.5], blocks: [],
    admission: { value: '2', source: 'bubbles', digits: [{ id: '考号1', marked: ['2'], darkness: [0.1, 0.1, 0.9] }] },
    absent: { marked: false, darkness: 0.05 }, questions, ...extra,
  };
}

describe('judgeSheet', () => {
  it('accepts right readings, flags, and counts a wrong reading without a flag as silent', () => {
    const v = judgeSheet(TRUTH, result([
      reading('1', ['B']),
      reading('2', [], 'faint'), // faint read as empty but flagged: fine
      reading('3', ['A', 'D'], 'multiple-in-single'),
      reading('4', ['A', 'C']), // the erasure read as a mark, no flag: silent error
      reading('5', ['A', 'C'], 'near-threshold'), // right, but flagged: a false alarm
    ]), TEMPLATE);
    const by = Object.fromEntries(v.groups.map((x) => [x.id, x.outcome]));
    expect(by).toEqual({ 考号1: 'right', 1: 'right', 2: 'flagged-wrong', 3: 'flagged-right', 4: 'silent', 5: 'flagged-right', 缺考: 'right' });
    expect(v.transformErrorPx).toBeCloseTo(Math.SQRT2 * 0.5, 12); // the result's map is off by (0.5, −0.5) px everywhere
  });

  it('requires the flag on two marks in a single-choice question even when both are read', () => {
    const v = judgeSheet(TRUTH, result([reading('3', ['A', 'D'])]), TEMPLATE);
    expect(v.groups.find((x) => x.id === '3')!.outcome).toBe('silent');
    expect(v.groups.find((x) => x.id === '1')!.outcome).toBe('silent'); // missing from the result: nothing read, no flag
  });

  it('lets a doubt on the whole 考号 cover its columns', () => {
    const r = result([], { admission: { value: null, source: 'bubbles', doubt: 'barcode-mismatch', digits: [{ id: '考号1', marked: ['1'], darkness: [0, 0.9, 0.1] }] } });
    expect(judgeSheet(TRUTH, r, TEMPLATE).groups[0].outcome).toBe('flagged-wrong');
  });
});

describe('Confusion', () => {
  it('adds sheets up: clear accuracy, silent errors and rejected sheets', () => {
    const c = new Confusion();
    c.add(judgeSheet(TRUTH, result([reading('1', ['B']), reading('2', ['C']), reading('3', ['A'], 'multiple-in-single'), reading('4', ['C']), reading('5', ['A', 'C'])]), TEMPLATE), TRUTH);
    c.add(judgeSheet(TRUTH, result([reading('1', ['A']), reading('2', ['C']), reading('3', ['A', 'D'], 'multiple-in-single'), reading('4', ['C']), reading('5', ['A', 'C'])]), TEMPLATE), TRUTH);
    c.add(judgeSheet({ ...TRUTH, seed: 9 }, { status: 'rejected', reason: '未找到定位点', rotation: 0, questions: [], blocks: [] }, TEMPLATE), TRUTH);
    // clear groups: 考号1, 1, 5, 缺考 on each sheet → 8 judged, 1 wrong (question 1 on sheet 2) + 4 on the rejected sheet
    expect(c.clearGroups).toBe(12);
    expect(c.clearAccuracy).toBeCloseTo(7 / 12, 12);
    expect(c.silentErrors).toBe(1);
    expect(c.silent[0]).toMatchObject({ seed: 7, id: '1', intended: ['B'], read: ['A'] });
    expect(c.rejected).toEqual([{ seed: 9, reason: '未找到定位点' }]);
    // pencil bubbles: 考号 '2' ×2 and 1-B on sheet 1 read marked; 1-B on sheet 2 missed; 3-A, 3-D flagged: A, D read on sheet 2, A only on sheet 1
    expect(c.byKind.pencil).toEqual({ marked: 3, unmarked: 1, markedFlagged: 3, unmarkedFlagged: 1 });
    expect(c.table()).toContain('silent errors 1');
  });
});
