import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';

/**
 * 校本题库: the knowledge-point tree of 数学 (SX) and its questions, written through the api as each demo role.
 * The tree built here, by hand:   函数 ─ 一次函数, 二次函数 ─ 图像;   几何 ─ 三角形.
 * Questions: Q1 single on 一次函数 (difficulty 0.8, tag 期中), Q2 subjective on 图像 (0.35), Q3 fill on 三角形 (null).
 * Expected by reading the table: filter 函数 → Q1, Q2 (2, its sub-points count); 二次函数 → Q2; keyword “抛物线” → Q2;
 * difficulty 0.4–1 → Q1; tag 期中 → Q1; type fill → Q3. Tree counts: 一次函数 1, 图像 1, 三角形 1, 函数 0 (own links only).
 */
describe.each(dbKinds)('question bank on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let lesson1: string;
  let teacher1: string;
  let head1: string;
  let admin2: string;
  const pt: Record<string, number> = {};
  const q: Record<string, number> = {};

  const post = <T = unknown>(token: string, path: string, payload: object) => t.call<T>({ method: 'POST', url: `/api/v1/question_bank/${path}`, token, payload: payload as Record<string, unknown> });
  const get = <T = unknown>(token: string, path: string) => t.call<T>({ url: `/api/v1/question_bank/${path}`, token });
  const point = async (name: string, parentId: number | null, token = lesson1) => {
    const r = await post<{ id: number }>(token, 'save_knowledge_point', { courseCode: 'SX', parentId, name });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, lesson1, teacher1, head1, admin2] = await Promise.all(['admin', 'lesson1', 'teacher1', 'head1', 'admin2'].map((l) => t.tokenFor(l)));
  });
  afterAll(async () => { await t.close(); });

  it('builds the course tree: lesson leader of the course and the administrator only, four levels, no twin names', async () => {
    pt.fn = await point('函数', null);
    pt.linear = await point('一次函数', pt.fn);
    pt.quad = await point('二次函数', pt.fn);
    pt.graph = await point('图像', pt.quad);
    pt.geo = await point('几何', null, admin);
    pt.tri = await point('三角形', pt.geo);
    const twin = await post(lesson1, 'save_knowledge_point', { courseCode: 'SX', parentId: pt.fn, name: '一次函数' });
    expect(twin.body).toMatchObject({ code: 400, msg: '同一级已有知识点“一次函数”' });
    const l4 = await point('顶点', pt.graph);
    const l5 = await post(lesson1, 'save_knowledge_point', { courseCode: 'SX', parentId: l4, name: '第五级' });
    expect(l5.body).toMatchObject({ code: 400, msg: '知识点最多四级' });
    const cycle = await post(lesson1, 'save_knowledge_point', { id: pt.fn, courseCode: 'SX', parentId: pt.graph, name: '函数' });
    expect(cycle.body).toMatchObject({ code: 400, msg: '不能把知识点移到它自己或它的下级之下' });
    expect((await post(lesson1, 'delete_knowledge_point', { id: l4 })).body.code).toBe(200);
    // A subject teacher, a head teacher, another course's tree, another school: refused, nothing written.
    expect((await post(teacher1, 'save_knowledge_point', { courseCode: 'SX', name: '越权' })).body.code).toBe(403);
    expect((await post(head1, 'save_knowledge_point', { courseCode: 'SX', name: '越权' })).body.code).toBe(403);
    expect((await post(lesson1, 'save_knowledge_point', { courseCode: 'YW', name: '越权' })).body.code).toBe(403);
    expect((await post(admin2, 'delete_knowledge_point', { id: pt.fn })).body).toMatchObject({ code: 404, msg: '知识点不存在' });
    const tree = await get<{ nodes: { name: string; children: { name: string; children: { name: string }[] }[] }[]; editable: boolean }>(teacher1, 'knowledge_tree?courseCode=SX');
    expect(tree.body.data.editable).toBe(false);
    expect(tree.body.data.nodes.map((n) => [n.name, n.children.map((c) => [c.name, c.children.map((g) => g.name)])])).toEqual([
      ['函数', [['一次函数', []], ['二次函数', ['图像']]]], ['几何', [['三角形', []]]],
    ]);
  });

  it('saves questions of the caller’s course with checked keys and points', async () => {
    const save = async (token: string, body: Record<string, unknown>) => post<{ id: number }>(token, 'save', { courseCode: 'SX', ...body });
    const q1 = await save(teacher1, {
      type: 'single', stem: '<p>一次函数 $y=2x+1$ 的斜率是</p>', options: [{ label: 'A', content: '1' }, { label: 'B', content: '2' }],
      answer: 'B', analysis: '<p>$k=2$</p>', difficulty: 0.8, pointIds: [pt.linear], tags: ['期中'],
    });
    expect(q1.body.code, q1.body.msg).toBe(200);
    q.q1 = q1.body.data.id;
    const q2 = await save(lesson1, { type: 'subjective', stem: '<p>画出抛物线 $y=x^2$ 的图像</p>', difficulty: 0.35, pointIds: [pt.graph] });
    q.q2 = q2.body.data.id;
    const q3 = await save(admin, { type: 'fill', stem: '<p>三角形内角和为____度</p>', answer: '180', pointIds: [pt.tri] });
    q.q3 = q3.body.data.id;
    // Bad input: a clear message, nothing saved.
    expect((await save(teacher1, { type: 'single', stem: '题', options: [{ label: 'A', content: '1' }, { label: 'B', content: '2' }], answer: 'C' })).body)
      .toMatchObject({ code: 400, msg: '答案“C”不在选项中' });
    expect((await save(teacher1, { type: 'single', stem: '题', options: [{ label: 'A', content: '1' }] })).body).toMatchObject({ code: 400, msg: '选择题至少需要 2 个选项' });
    expect((await save(teacher1, { type: 'fill', stem: '   ' })).body).toMatchObject({ code: 400 });
    expect((await save(teacher1, { type: 'fill', stem: '题', difficulty: 1.5 })).body.code).toBe(400);
    expect((await save(teacher1, { type: 'fill', stem: '题', pointIds: [999999] })).body).toMatchObject({ code: 400, msg: '所选知识点不属于该学科' });
    // Another course (teacher1 teaches 数学 only), a head teacher, another school: refused.
    expect((await post(teacher1, 'save', { courseCode: 'YW', type: 'fill', stem: '题' })).body.code).toBe(403);
    expect((await save(head1, { type: 'fill', stem: '题' })).body.code).toBe(403);
    expect((await save(admin2, { id: q.q1, type: 'fill', stem: '改' })).body.code).not.toBe(200);
    expect((await post(admin2, 'delete', { ids: [q.q1] })).body).toMatchObject({ code: 404, msg: '试题不存在' });
    expect((await get(admin2, `detail?id=${q.q1}`)).body.code).toBe(404);
    const all = await get<{ total: number }>(head1, 'list?courseCode=SX');
    expect(all.body.data.total).toBe(3);
  });

  it('searches by point (with sub-points), keyword, difficulty, tag and type', async () => {
    const ids = async (query: string) => {
      const r = await get<{ records: { id: number }[]; total: number }>(head1, `list?courseCode=SX&${query}`);
      expect(r.body.code, r.body.msg).toBe(200);
      return r.body.data.records.map((x) => x.id).sort((a, b) => a - b);
    };
    expect(await ids(`pointId=${pt.fn}`)).toEqual([q.q1, q.q2]);
    expect(await ids(`pointId=${pt.quad}`)).toEqual([q.q2]);
    expect(await ids(`keyword=${encodeURIComponent('抛物线')}`)).toEqual([q.q2]);
    expect(await ids(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids('difficultyMin=0.4&difficultyMax=1')).toEqual([q.q1]);
    expect(await ids(`tag=${encodeURIComponent('期中')}`)).toEqual([q.q1]);
    expect(await ids('type=fill')).toEqual([q.q3]);
    const detail = await get<{ points: { path: string }[]; difficulty: number; editable: boolean; options: unknown[] }>(head1, `detail?id=${q.q2}`);
    expect(detail.body.data).toMatchObject({ points: [{ path: '函数 / 二次函数 / 图像' }], difficulty: 0.35, editable: false, options: [] });
    const tree = await get<{ nodes: { name: string; questions: number; children: { name: string; questions: number }[] }[] }>(head1, 'knowledge_tree?courseCode=SX');
    const fn = tree.body.data.nodes[0]!;
    expect([fn.questions, fn.children[0]!.questions]).toEqual([0, 1]);
    const courses = await get<{ courseCode: string; questions: number; editable: boolean; treeEditable: boolean }[]>(teacher1, 'courses');
    expect(courses.body.data.find((c) => c.courseCode === 'SX')).toMatchObject({ questions: 3, editable: true, treeEditable: false });
    expect(courses.body.data.find((c) => c.courseCode === 'YW')).toMatchObject({ questions: 0, editable: false });
  });

  it('exports the tree to Excel and imports it back; a bad row refuses the whole file', async () => {
    const res = await t.app.inject({ url: '/api/v1/question_bank/knowledge_tree_export?courseCode=SX', headers: { authorization: lesson1 } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1, 5).map((c) => c ?? ''));
    expect(rows).toEqual([
      ['一级知识点', '二级知识点', '三级知识点', '四级知识点'],
      ['函数', '一次函数', '', ''], ['函数', '二次函数', '图像', ''], ['几何', '三角形', '', ''],
    ]);
    const upload = (token: string, file: Buffer) => t.call<{ created: number; unchanged: number; errors?: unknown }>({
      method: 'POST', url: '/api/v1/question_bank/knowledge_tree_import?courseCode=SX', token, ...multipart(file) });
    const header = ['一级知识点', '二级知识点', '三级知识点', '四级知识点'];
    const bad = await workbook({ 知识点树: [header, ['函数', '反比例函数'], ['几何', '', '圆']] });
    const refused = await upload(lesson1, bad);
    expect(refused.body).toMatchObject({ code: 400, data: { errors: [{ row: 3, column: 'B', reason: '二级知识点为空，下一级却有内容' }] } });
    expect((await upload(teacher1, bad)).body.code).toBe(403);
    const good = await workbook({ 知识点树: [header, ['函数', '反比例函数'], ['函数', '二次函数', '图像'], ['统计', '概率', '古典概型']] });
    const imported = await upload(lesson1, good);
    // New: 反比例函数, 统计, 概率, 古典概型 (4); met again and kept: 函数, 二次函数, 图像 (3).
    expect(imported.body).toMatchObject({ code: 200, data: { created: 4, unchanged: 3 } });
    const tree = await get<{ nodes: { name: string; children: { name: string }[] }[] }>(head1, 'knowledge_tree?courseCode=SX');
    expect(tree.body.data.nodes.map((n) => n.name)).toEqual(['函数', '几何', '统计']);
    expect(tree.body.data.nodes[0]!.children.map((n) => n.name)).toEqual(['一次函数', '二次函数', '反比例函数']);
    expect((await upload(lesson1, Buffer.from('不是表格'))).body.code).toBe(400);
  });

  it('deletes: a point keeps its questions; questions by their course’s editors only', async () => {
    expect((await post(lesson1, 'delete_knowledge_point', { id: pt.geo })).body.code).toBe(200);
    const d = await get<{ points: unknown[] }>(head1, `detail?id=${q.q3}`);
    expect(d.body.data.points).toEqual([]);
    expect((await post(head1, 'delete', { ids: [q.q3] })).body.code).toBe(403);
    expect((await post(teacher1, 'delete', { ids: [q.q3] })).body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await get<{ total: number }>(head1, 'list?courseCode=SX')).body.data.total).toBe(2);
  });
});
