import { describe, expect, it } from 'vitest';
import { marksPerHour, scoreDistribution } from './marker-charts.js';

// Expected values counted by hand from the marks listed in each case.
describe('scoreDistribution', () => {
  it('counts each score of a small block (full 8, step 1: bands 0…8)', () => {
    const r = scoreDistribution([{ markerId: 1, total: 3 }, { markerId: 1, total: 5 }, { markerId: 2, total: 5 }, { markerId: 2, total: 8 }], 8, 1);
    expect(r.labels).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(r.perMarker.get(1)).toEqual([0, 0, 0, 1, 0, 1, 0, 0, 0]);
    expect(r.perMarker.get(2)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 1]);
  });
  it('keeps half steps apart (full 2, step 0.5)', () => {
    const r = scoreDistribution([{ markerId: 1, total: 1.5 }, { markerId: 1, total: 2 }], 2, 0.5);
    expect(r.labels).toEqual(['0', '0.5', '1', '1.5', '2']);
    expect(r.perMarker.get(1)).toEqual([0, 0, 0, 1, 1]);
  });
  it('groups a large full score into bands of a multiple of the step (full 100, step 1: width 4, 26 bands)', () => {
    // 100 / 30 = 3.33 → k = 4; bands 0–3, 4–7, …, 96–99, then 100 alone: 26 bands
    const r = scoreDistribution([{ markerId: 7, total: 3 }, { markerId: 7, total: 4 }, { markerId: 7, total: 99 }, { markerId: 7, total: 100 }], 100, 1);
    expect(r.labels).toHaveLength(26);
    expect([r.labels[0], r.labels[1], r.labels[24], r.labels[25]]).toEqual(['0–3', '4–7', '96–99', '100']);
    expect(r.perMarker.get(7)!.filter((x) => x > 0)).toEqual([1, 1, 1, 1]);
    expect([r.perMarker.get(7)![0], r.perMarker.get(7)![1], r.perMarker.get(7)![24], r.perMarker.get(7)![25]]).toEqual([1, 1, 1, 1]);
  });
});

describe('marksPerHour', () => {
  it('counts marks per marker per UTC hour, empty hours as 0', () => {
    const at = (h: number, m: number) => new Date(Date.UTC(2026, 10, 23, h, m));
    const r = marksPerHour([{ markerId: 1, submittedAt: at(10, 5) }, { markerId: 1, submittedAt: at(10, 50) }, { markerId: 1, submittedAt: at(12, 10) }, { markerId: 2, submittedAt: at(12, 30) }]);
    expect(r.hours).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z', '2026-11-23T12:00:00.000Z']);
    expect(r.perMarker.get(1)).toEqual([2, 0, 1]);
    expect(r.perMarker.get(2)).toEqual([0, 0, 1]);
  });
  it('answers nothing without marks', () => {
    expect(marksPerHour([]).hours).toEqual([]);
  });
});
