import { describe, expect, it } from 'vitest';
import { buildAllReports } from '@jz/analysis';
import { jsonChunks } from './json-chunks.js';

const joined = (value: unknown, size: number) => [...jsonChunks(value, size)];

describe('jsonChunks', () => {
  const odd = {
    a: 1, b: undefined, c: () => 1, d: [undefined, () => 2, NaN, -0, Infinity, null, '引号"\\\n'], e: { f: new Date(0), g: new Map([[1, 2]]) },
    h: Float64Array.of(1.5, NaN), i: { toJSON: () => 'mine' }, long: Array.from({ length: 1500 }, (_, k) => (k % 7 ? { k, s: `学生${k}` } : undefined)),
    deep: [[[[[[[[[[{ z: [1, 2, 3] }]]]]]]]]]], empty: [], none: {}, '键"名': true,
  };

  it.each([1, 7, 1000, 10 ** 9])('joins into exactly JSON.stringify (chunks of %i characters)', (size) => {
    const chunks = joined(odd, size);
    expect(chunks.join('')).toBe(JSON.stringify(odd));
    // every chunk but the last reaches the size
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(size);
  });

  it('writes every report of an exam as JSON.stringify does, in several chunks', () => {
    const students = Array.from({ length: 700 }, (_, i) => ({ id: `s${i}`, admissionNo: `A${1000 + i}`, name: `学生${i}`, classId: `c${i % 3}`, className: `${i % 3}班`, registrationType: i % 5 ? '应届' : '往届' }));
    const subject = { code: 'SX', name: '数学', questions: [{ no: '1', type: 'single' as const, fullScore: 5, answer: 'A' }, { no: '2', type: 'subjective' as const, fullScore: 10 }] };
    const points = Float64Array.from({ length: 1400 }, (_, k) => (k % 2 ? (k * 7) % 11 : (k % 3 ? 5 : 0)));
    const choices = Uint32Array.from({ length: 1400 }, (_, k) => (k % 2 ? 0 : k % 3 ? 1 : 2));
    const reports = buildAllReports({ students, subjects: [subject], scores: { SX: { points, choices } } });
    for (const [name, report] of Object.entries(reports)) {
      const chunks = joined(report, 4096);
      expect(chunks.join(''), name).toBe(JSON.stringify(report));
    }
    expect(joined(reports.transcript, 4096).length).toBeGreaterThan(1);
  });
});
