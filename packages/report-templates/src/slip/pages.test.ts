import { describe, expect, it } from 'vitest';
import { demoSlipData } from '../demo.js';
import { GRID } from './grid.js';
import { gridHeight, planSlipPages, SLIP_METRICS, type SlipBlock } from './pages.js';
import type { SlipStudent } from './types.js';

const planOf = (st: SlipStudent) => planSlipPages({
  student: st, hasDate: true, scoreRows: st.subjects.length + 1,
  withQuestions: st.subjects.map((s) => ({ subject: s.subject, questions: s.questions ?? [] })),
});
const grids = (pages: SlipBlock[][]) => pages.flat().filter((b) => b.kind === 'qs');

describe('slip pages (每页一人)', () => {
  it('keeps a 6-subject slip on one page', () => {
    const pages = planOf(demoSlipData(1, 50, 20251112, 6).students[0]!);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.map((b) => b.kind)).toEqual(['head', 'scores', 'qsTitle', 'qs', 'qs', 'qs', 'qs', 'qs', 'qs', 'comment']);
  });

  it('continues a 9-subject slip on a second page with whole subjects', () => {
    const st = demoSlipData(1, 50, 20251112, 9).students[0]!;
    const pages = planOf(st);
    expect(pages).toHaveLength(2);
    expect(pages[1]![0]!.kind).toBe('contHead');
    // every subject once, whole, in order; the comment comes last
    expect(grids(pages).map((b) => b.kind === 'qs' && `${b.subject}${b.continued ? '续' : ''}:${b.questions.length}`))
      .toEqual(st.subjects.map((s) => `${s.subject}:${s.questions!.length}`));
    expect(pages[1]!.at(-1)!.kind).toBe('comment');
  });

  it('splits a grid taller than a page by whole grid rows', () => {
    const st = demoSlipData(1, 50, 20251112, 1).students[0]!;
    const questions = Array.from({ length: 19 * 40 }, (_, i) => ({ no: String(i + 1), score: 1, fullScore: 1 }));
    const pages = planOf({ ...st, subjects: [{ ...st.subjects[0]!, questions }] });
    const parts = grids(pages);
    expect(parts.length).toBeGreaterThan(1);
    for (const b of parts.slice(0, -1)) expect(b.kind === 'qs' && b.questions.length % GRID.perRow).toBe(0); // whole rows
    expect(parts.flatMap((b) => (b.kind === 'qs' ? b.questions.map((q) => q.no) : []))).toEqual(questions.map((q) => q.no));
    expect(parts.map((b) => b.kind === 'qs' && b.continued)).toEqual(parts.map((_, i) => i > 0));
    // no page's grids exceed the room above the foot line (one fresh page holds this many rows)
    const rows = Math.floor((SLIP_METRICS.height - SLIP_METRICS.bottomReserve - SLIP_METRICS.padTop - SLIP_METRICS.contHead - SLIP_METRICS.qsGap + GRID.gap - 1) / 28);
    for (const b of parts) if (b.kind === 'qs') expect(gridHeight(b.questions.length)).toBeLessThanOrEqual(rows * 28);
  });
});
