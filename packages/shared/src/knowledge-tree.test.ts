import { describe, expect, it } from 'vitest';
import { buildTree, checkPathRow, descendantIds, leafPaths, pathOf, type FlatPoint } from './knowledge-tree.js';

// A small tree written out by hand: 函数 (一次函数, 二次函数 (图像)), 几何 — the expected values are read off it.
const rows: FlatPoint[] = [
  { id: 1, parentId: null, name: '函数', sort: 0 },
  { id: 2, parentId: 1, name: '二次函数', sort: 1 },
  { id: 3, parentId: 1, name: '一次函数', sort: 0 },
  { id: 4, parentId: 2, name: '图像', sort: 0 },
  { id: 5, parentId: null, name: '几何', sort: 1 },
];

describe('knowledge tree', () => {
  it('nests rows in sort order', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['函数', '几何']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['一次函数', '二次函数']);
  });
  it('finds a point and everything under it', () => {
    expect(descendantIds(rows, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(descendantIds(rows, 5)).toEqual([5]);
  });
  it('exports one path per leaf, root first', () => {
    expect(leafPaths(rows)).toEqual([['函数', '一次函数'], ['函数', '二次函数', '图像'], ['几何']]);
    expect(pathOf(rows, 4)).toEqual(['函数', '二次函数', '图像']);
  });
  it('refuses a gap between levels and over-long names', () => {
    expect(checkPathRow(['函数', '', '图像', ''])).toEqual({ error: '二级知识点为空，下一级却有内容', level: 1 });
    expect(checkPathRow(['函数', '一次函数', '', ''])).toEqual({ path: ['函数', '一次函数'] });
    expect(checkPathRow(['', '', '', ''])).toEqual({ path: [] });
    expect('error' in checkPathRow(['x'.repeat(101)])).toBe(true);
  });
});
