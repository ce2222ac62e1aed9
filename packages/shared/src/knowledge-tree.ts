/**
 * The question bank's knowledge-point tree of one course: stored as flat rows (id, parent), shown nested, and
 * exported/imported as one path per leaf (一级 … 四级知识点), so that an exported file imports back unchanged.
 */

export const KNOWLEDGE_TREE_DEPTH = 4;
export const KNOWLEDGE_NAME_MAX = 100;

export interface FlatPoint { id: number; parentId: number | null; name: string; sort: number }
export interface PointNode extends FlatPoint { children: PointNode[] }

const bySort = (a: FlatPoint, b: FlatPoint) => a.sort - b.sort || a.id - b.id;

/** Nested nodes in display order (sort, then id); a row whose parent is missing is shown at the top. */
export function buildTree(rows: FlatPoint[]): PointNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as PointNode[] }]));
  const roots: PointNode[] = [];
  for (const n of [...nodes.values()].sort(bySort)) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** The point and every point below it (a filter by a point finds the questions of its sub-points too). */
export function descendantIds(rows: FlatPoint[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) (children.get(r.parentId) ?? children.set(r.parentId, []).get(r.parentId)!).push(r.id);
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    if (out.includes(cur)) continue;
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

/** One path (root → leaf names) per leaf, in display order. */
export function leafPaths(rows: FlatPoint[]): string[][] {
  const out: string[][] = [];
  const walk = (nodes: PointNode[], prefix: string[]) => {
    for (const n of nodes) {
      const path = [...prefix, n.name];
      if (n.children.length) walk(n.children, path); else out.push(path);
    }
  };
  walk(buildTree(rows), []);
  return out;
}

/** The path of a point (root first), e.g. for showing 函数 / 一次函数. */
export function pathOf(rows: FlatPoint[], id: number): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  for (let cur = byId.get(id); cur && out.length <= rows.length; cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) out.unshift(cur.name);
  return out;
}

/** A row of the import (level cells, already trimmed): the path, or the reason it is refused. */
export function checkPathRow(cells: string[]): { path: string[] } | { error: string; level: number } {
  const last = cells.reduce((acc, c, i) => (c ? i : acc), -1);
  if (last < 0) return { path: [] };
  for (let i = 0; i <= last; i++) {
    if (!cells[i]) return { error: `${LEVEL_NAMES[i]}知识点为空，下一级却有内容`, level: i };
    if (cells[i]!.length > KNOWLEDGE_NAME_MAX) return { error: `知识点“${cells[i]!.slice(0, 20)}…”超过 ${KNOWLEDGE_NAME_MAX} 个字`, level: i };
  }
  return { path: cells.slice(0, last + 1) };
}

export const LEVEL_NAMES = ['一级', '二级', '三级', '四级'] as const;
