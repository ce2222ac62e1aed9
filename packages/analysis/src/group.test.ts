import { describe, expect, it } from 'vitest';
import { groupBy, partition } from './group.js';

describe('groupBy / partition', () => {
  it('groups by key in first-seen order, null keys left out', () => {
    const keys = ['c1', 'c2', 'c1', null, 'c3'];
    const g = groupBy(keys.length, (i) => keys[i]);
    expect(g.keys).toEqual(['c1', 'c2', 'c3']);
    expect(Array.from(g.groupOf)).toEqual([0, 1, 0, -1, 2]);
    expect(Array.from(g.sizes)).toEqual([2, 1, 1]);
  });
  it('partition keeps the given order inside each group', () => {
    const p = partition([4, 2, 0, 1, 3], Int32Array.of(0, 1, 0, -1, 2), 3);
    expect(Array.from(p.offsets)).toEqual([0, 2, 3, 4]);
    expect(Array.from(p.members)).toEqual([2, 0, 1, 4]);
  });
  it('empty', () => {
    expect(groupBy(0, () => 'x').keys).toEqual([]);
    expect(Array.from(partition([], new Int32Array(0), 0).offsets)).toEqual([0]);
  });
});
