import { describe, expect, it } from 'vitest';
import { benchLine, impossibility, type BenchLine } from './result.js';

const line = (over: Partial<BenchLine>): BenchLine => ({ name: 'x', value: 10, unit: 'ms', limit: 100, ok: true, ...over });

describe('benchmark lines: no impossible figure passes', () => {
  it('passes a possible figure unchanged, ok or not', () => {
    expect(benchLine(line({}))).toEqual(line({}));
    expect(benchLine(line({ value: 0 }))).toEqual(line({ value: 0 }));
    expect(benchLine(line({ value: 500, ok: false }))).toEqual(line({ value: 500, ok: false }));
    expect(benchLine(line({ value: null, ok: false, reason: '未设置 DATABASE_URL' }))).toEqual(line({ value: null, ok: false, reason: '未设置 DATABASE_URL' }));
    expect(benchLine(line({ growth_mb: -12, runs_s: { one: [10.5, 9.8] } }))).toMatchObject({ ok: true }); // a memory change may be negative
  });

  it('the monitor figure that read one shard of 32: value −1,524.7 ms, median −13,963.7 ms is ok: false', () => {
    const out = benchLine(line({ name: 'monitor_event_p95_200_streams', value: -1524.7, limit: 1500, median: -13963.7 }));
    expect(out.ok).toBe(false);
    expect(out.reason).toBe('数值不可能为负：-1524.7 ms');
  });

  it('NaN, infinity, a missing value on an ok line, and impossible details are ok: false', () => {
    expect(benchLine(line({ value: Number.NaN })).ok).toBe(false);
    expect(impossibility(line({ value: Infinity }))).toBe('数值不可能：Infinity');
    expect(impossibility(line({ value: null }))).toBe('没有测得数值，却标为通过');
    expect(impossibility(line({ value: '12' as unknown as number }))).toBe('数值不可能：12');
    expect(impossibility(line({ median: -3 }))).toBe('明细数值不可能：median = -3');
    expect(impossibility(line({ p50: Number.NaN, runs_s: { two: [3, -1] }, cpu_ms: -0.5 }))).toBe('明细数值不可能：p50 = NaN，runs_s.two.1 = -1，cpu_ms = -0.5');
    expect(impossibility(line({ sheets: Infinity }))).toBe('明细数值不可能：sheets = Infinity');
  });

  it('keeps the benchmark\'s own reason beside the impossibility', () => {
    expect(benchLine(line({ value: -1, ok: false, reason: '超时' })).reason).toBe('超时；数值不可能为负：-1 ms');
  });
});
