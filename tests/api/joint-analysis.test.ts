import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointReportExam } from '../helpers/joint-report.js';

/*
 * Joint exam reports (joint_analysis): a bureau organises 数学 + 语文 (100 each) for 示例中学 (one 高一 class) and
 * 第二示范中学 (both 高一 classes); 第三实验中学 is invited and withdraws. The first three candidates of each school
 * (by 考号) sit, everybody else is absent:
 *   示例中学     数学 95, 82, 60   语文 85, 68, 70
 *   第二示范中学 数学 88, 55, 25   语文 82, 45, 25
 * Expected numbers computed outside the project with python3 (statistics.stdev = sample SD):
 *
 * import statistics as st, math
 * A={'SX':[95,82,60],'YW':[85,68,70]}; B={'SX':[88,55,25],'YW':[82,45,25]}
 * for s in (A,B): s['TOTAL']=[x+y for x,y in zip(s['SX'],s['YW'])]
 * full={'SX':100,'YW':100,'TOTAL':200}
 * for code in ('SX','YW','TOTAL'):
 *     allv=A[code]+B[code]; jm=sum(allv)/len(allv)
 *     rk=lambda v:1+sum(1 for w in allv if w>v)
 *     cuts=[math.ceil(p*len(allv)-1e-9) for p in (0.1,0.2,0.3,0.5)]
 *     print(code,'joint',len(allv),jm,st.stdev(allv),'cuts',cuts)
 *     for n,s in (('A',A),('B',B)):
 *         xs=s[code]; m=sum(xs)/len(xs); f=full[code]
 *         rates=[sum(1 for x in xs if x>=0.8*f),sum(1 for x in xs if x>=0.7*f),sum(1 for x in xs if x>=0.6*f),sum(1 for x in xs if x<0.3*f)]
 *         print(' ',n,len(xs),m,st.stdev(xs),(m-jm)/jm,rates,[sum(1 for x in xs if rk(x)<=c) for c in cuts],'ranks',[rk(x) for x in xs],'school ranks',[1+sum(1 for w in xs if w>x) for x in xs])
 *
 * SX joint 6 67.5 26.09789263523015 cuts [1, 2, 2, 3]
 *   A 3 79.0 17.69180601295413 0.17037037037037037 [2, 2, 3, 0] [1, 1, 1, 2] ranks [1, 3, 4] school ranks [1, 2, 3]
 *   B 3 56.0 31.51190251317746 -0.17037037037037037 [1, 1, 1, 1] [0, 1, 1, 1] ranks [2, 5, 6] school ranks [1, 2, 3]
 * YW joint 6 62.5 23.17541801133261 cuts [1, 2, 2, 3]
 *   A 3 74.33333333333333 9.29157324317757 0.18933333333333327 [1, 2, 3, 0] [1, 1, 1, 2] ranks [1, 4, 3] school ranks [1, 3, 2]
 *   B 3 50.666666666666664 28.919428302325297 -0.18933333333333338 [1, 1, 1, 1] [0, 1, 1, 1] ranks [2, 5, 6] school ranks [1, 2, 3]
 * TOTAL joint 6 130.0 48.579831205964474 cuts [1, 2, 2, 3]
 *   A 3 153.33333333333334 25.166114784235834 0.17948717948717957 [1, 2, 3, 0] [1, 1, 1, 2] ranks [1, 3, 4] school ranks [1, 2, 3]
 *   B 3 106.66666666666667 60.27713773341708 -0.17948717948717946 [1, 1, 1, 1] [0, 1, 1, 1] ranks [2, 5, 6] school ranks [1, 2, 3]
 */
const EXPECTED = {
  SX: { joint: [6, 67.5, 26.09789263523015], A: [3, 79, 17.69180601295413, 0.17037037037037037, 1, [2, 2, 3, 0], [1, 1, 1, 2]], B: [3, 56, 31.51190251317746, -0.17037037037037037, 2, [1, 1, 1, 1], [0, 1, 1, 1]] },
  YW: { joint: [6, 62.5, 23.17541801133261], A: [3, 74.33333333333333, 9.29157324317757, 0.18933333333333327, 1, [1, 2, 3, 0], [1, 1, 1, 2]], B: [3, 50.666666666666664, 28.919428302325297, -0.18933333333333338, 2, [1, 1, 1, 1], [0, 1, 1, 1]] },
  TOTAL: { joint: [6, 130, 48.579831205964474], A: [3, 153.33333333333334, 25.166114784235834, 0.17948717948717957, 1, [1, 2, 3, 0], [1, 1, 1, 2]], B: [3, 106.66666666666667, 60.27713773341708, -0.17948717948717946, 2, [1, 1, 1, 1], [0, 1, 1, 1]] },
} as const;

type Row = { schoolName: string; own: boolean; count: number; mean: number; sd: number; overMeanRate: number; meanRank: number; rates: { key: string; count: number }[]; bands: { count: number }[] };
type Table = { code: string; joint: { count: number; mean: number; sd: number }; rows: Row[] };

describe.each(dbKinds)('joint exam reports on %s', (kind) => {
  let t: TestApp;
  let bureau: string;
  let admin: string; // 示例中学
  let admin2: string; // 第二示范中学
  let third: string; // 第三实验中学 (withdrawn)
  let outsider: string; // 第四中学 (never invited)
  let examId: number;
  let sampleId: number;
  let secondId: number;
  const get = (path: string, token: string, q: Record<string, string | number> = {}) =>
    t.call({ url: `/api/v1/${path}?${new URLSearchParams(Object.entries({ examId, ...q }).map(([k, v]) => [k, String(v)])).toString()}`, token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    admin = await t.tokenFor('admin');
    admin2 = await t.tokenFor('admin2');
    sampleId = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
    secondId = (await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow()).id;
    const made = await makeJointReportExam(t);
    ({ examId, bureau, third, outsider } = made);
  }, 180_000);
  afterAll(async () => { await t?.close(); });

  const check = (tables: Table[], names: { A: string; B: string }) => {
    for (const code of ['SX', 'YW', 'TOTAL'] as const) {
      const tab = tables.find((x) => x.code === code)!;
      const e = EXPECTED[code];
      expect([tab.joint.count, tab.joint.mean]).toEqual([e.joint[0], expect.closeTo(e.joint[1], 10)]);
      expect(tab.joint.sd).toBeCloseTo(e.joint[2], 10);
      for (const key of ['A', 'B'] as const) {
        const r = tab.rows.find((x) => x.schoolName === names[key])!;
        const [n, mean, sd, omr, rank, rates, bands] = e[key];
        expect(r.count).toBe(n);
        expect(r.mean).toBeCloseTo(mean, 10);
        expect(r.sd).toBeCloseTo(sd, 10);
        expect(r.overMeanRate).toBeCloseTo(omr, 10);
        expect(r.meanRank).toBe(rank);
        expect(['excellent', 'good', 'pass', 'low'].map((k) => r.rates.find((x) => x.key === k)!.count)).toEqual(rates);
        expect(r.bands.map((b) => b.count)).toEqual(bands);
      }
    }
  };

  it('the organiser sees every school named, every candidate, each with its school beside its class', async () => {
    const sc = await get(JOINT_OTHER_PATHS.schoolContrast, bureau);
    expect(sc.body.code, sc.body.msg).toBe(200);
    expect(sc.body.data.tables[0].rows.map((r: Row) => r.schoolName)).toEqual(['示例中学', '第二示范中学']);
    check(sc.body.data.tables, { A: '示例中学', B: '第二示范中学' });
    const tr = await get(JOINT_REPORT_PATHS.transcript, bureau, { size: 1000 });
    expect(tr.body.code, tr.body.msg).toBe(200);
    const n = await t.database.db.selectFrom('exam_student').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId).executeTakeFirstOrThrow();
    expect(tr.body.data.total).toBe(Number(n.n));
    expect(new Set(tr.body.data.records.map((r: { schoolName: string }) => r.schoolName))).toEqual(new Set(['示例中学', '第二示范中学']));
    // a 学校 column beside the class: the class as its school names it, not repeated with the school's name
    expect(tr.body.data.records.every((r: { className: string }) => /^高一\S+班$/.test(r.className))).toBe(true);
    const f = await get(JOINT_OTHER_PATHS.filter, bureau);
    expect(f.body.data.classes[0]).toMatchObject({ value: 0, label: '联考全体' });
    expect(f.body.data.classes).toHaveLength(4);
  });

  it('a school sees its own candidates by name with joint and school ranks, the other school as 学校B', async () => {
    const sc = await get(JOINT_OTHER_PATHS.schoolContrast, admin);
    expect(sc.body.code, sc.body.msg).toBe(200);
    expect(sc.body.data.anonymised).toBe(true);
    expect(sc.body.data.tables[0].rows.map((r: Row) => [r.schoolName, r.own])).toEqual([['示例中学', true], ['学校B', false]]);
    check(sc.body.data.tables, { A: '示例中学', B: '学校B' });
    expect(JSON.stringify(sc.body.data)).not.toContain('第二示范中学');
    const tr = await get(JOINT_REPORT_PATHS.transcript, admin, { size: 1000, totalPosition: 'last' });
    expect(tr.body.code, tr.body.msg).toBe(200);
    const records = tr.body.data.records as { examStudentId: number; schoolName: string; scores: (number | null)[]; gradeRanks: (number | null)[]; schoolRanks: (number | null)[] }[];
    expect(new Set(records.map((r) => r.schoolName))).toEqual(new Set(['示例中学']));
    expect(tr.body.data.columns.map((c: { code: string }) => c.code)).toEqual(['SX', 'YW', 'TOTAL']);
    // sitting first, by total rank: 180 (joint 1), 150 (joint 3), 130 (joint 4); 语文 joint ranks 1, 4, 3 and school ranks 1, 3, 2
    expect(records.slice(0, 3).map((r) => [r.scores, r.gradeRanks, r.schoolRanks])).toEqual([
      [[95, 85, 180], [1, 1, 1], [1, 1, 1]], [[82, 68, 150], [3, 4, 3], [2, 3, 2]], [[60, 70, 130], [4, 3, 4], [3, 2, 3]]]);
    const own = await get(JOINT_OTHER_PATHS.showStudentInfo, admin, { examStudentId: records[0]!.examStudentId });
    expect(own.body.code, own.body.msg).toBe(200);
    expect(own.body.data).toMatchObject({ schoolName: '示例中学' });
    expect(own.body.data.columns.find((c: { code: string }) => c.code === '0')).toMatchObject({ score: 180, jointRank: 1, schoolRank: 1 });
  });

  it('a school cannot reach the other school’s candidates or classes', async () => {
    const db = t.database.db;
    const other = await db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', examId).where('school_id', '=', secondId).orderBy('exam_no').executeTakeFirstOrThrow();
    const info = await get(JOINT_OTHER_PATHS.showStudentInfo, admin, { examStudentId: other.id });
    expect(info.body).toMatchObject({ code: 403, msg: '无权查看其他学校考生的成绩' });
    expect((await get(JOINT_REPORT_PATHS.transcript, admin, { classId: other.class_id })).body.code).toBe(403);
    expect((await get(JOINT_REPORT_PATHS.classComparison, admin, { classId: other.class_id })).body.code).toBe(403);
    const cc = await get(JOINT_REPORT_PATHS.classComparison, admin, { courseCode: 'SX' });
    expect(cc.body.code, cc.body.msg).toBe(200);
    expect(cc.body.data.rows).toHaveLength(1);
    // the single-school routes still refuse the joint exam
    expect((await t.call({ url: `/api/v1/examReportComm/transcript?examId=${examId}`, token: admin })).body.code).toBe(403);
    // d001 of 第二示范中学 (head teacher of 1班, 数学 in 1班 and 2班): its school's two classes, 2班 with 数学 only
    const d001 = await t.tokenFor('d001');
    const tr = await get(JOINT_REPORT_PATHS.transcript, d001, { size: 1000, totalPosition: 'last' });
    expect(tr.body.code, tr.body.msg).toBe(200);
    const recs = tr.body.data.records as { classId: number; schoolName: string; scores: (number | null)[] }[];
    expect(new Set(recs.map((r) => r.schoolName))).toEqual(new Set(['第二示范中学']));
    const head = await db.selectFrom('exam_student').select('class_id').where('exam_id', '=', examId).where('school_id', '=', secondId).orderBy('exam_no').executeTakeFirstOrThrow();
    expect(recs.filter((r) => r.classId !== head.class_id).every((r) => r.scores[1] === null && r.scores[2] === null)).toBe(true);
    expect(recs.filter((r) => r.classId === head.class_id).slice(0, 1).map((r) => r.scores)).toEqual([[88, 82, 170]]);
  });

  it('the other school sees 示例中学 as 学校A, or named once the organiser names the schools', async () => {
    const before = await get(JOINT_OTHER_PATHS.schoolContrast, admin2);
    expect(before.body.data.tables[0].rows.map((r: Row) => r.schoolName)).toEqual(['学校A', '第二示范中学']);
    check(before.body.data.tables, { A: '学校A', B: '第二示范中学' });
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_anonymous', token: bureau, payload: { examId, anonymiseSchools: false } })).body.code).toBe(200);
    const after = await get(JOINT_OTHER_PATHS.schoolContrast, admin2);
    expect(after.body.data.tables[0].rows.map((r: Row) => r.schoolName)).toEqual(['示例中学', '第二示范中学']);
    expect(after.body.data.anonymised).toBe(false);
    await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_anonymous', token: bureau, payload: { examId, anonymiseSchools: true } });
  });

  it('a withdrawn school and a school outside the exam are refused on every joint report', async () => {
    expect((await get(JOINT_OTHER_PATHS.schoolContrast, third)).body).toMatchObject({ code: 403, msg: '本校已退出该联考，不能查看联考报告' });
    const paths = [...Object.values(JOINT_REPORT_PATHS), ...Object.values(JOINT_OTHER_PATHS)];
    for (const p of paths) {
      expect((await get(p, outsider, { examStudentId: 1 })).body.code, p).toBe(403);
      const res = await get(p, third, { examStudentId: 1 });
      expect(res.body.code, p).toBe(403);
      const exp = await get(`${p}_export`, third, { examStudentId: 1 });
      if (p !== JOINT_OTHER_PATHS.filter) expect(exp.body.code, `${p}_export`).toBe(403);
    }
    // a school exam (not joint) is no joint report: 404
    const single = await t.database.db.selectFrom('exam').select('id').where('school_id', '=', sampleId).where('released_at', 'is not', null).executeTakeFirst();
    if (single) expect((await t.call({ url: `/api/v1/${JOINT_OTHER_PATHS.schoolContrast}?examId=${single.id}`, token: admin })).body).toMatchObject({ code: 404, msg: '联考不存在' });
    expect((await get(JOINT_OTHER_PATHS.schoolContrast, outsider)).body).toMatchObject({ code: 403, msg: '本校未参加该联考，无权查看联考报告' });
    expect((await get(JOINT_REPORT_PATHS.transcript, outsider)).body.code).toBe(403);
  });

  it('exports 校际对比 as xlsx with the same rows', async () => {
    const res = await t.app.inject({ url: `/api/v1/${JOINT_OTHER_PATHS.schoolContrast}_export?examId=${examId}`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('总分')!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 7)).toEqual(['学校', '实考人数', '平均分', '超均率', '标准差', '均分排名']);
    expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(2).value, ws.getRow(2).getCell(3).value]).toEqual(['联考全体', 6, 130]);
    // 153.333… rounded to 2 decimals as on the page
    expect([ws.getRow(3).getCell(1).value, ws.getRow(3).getCell(2).value, ws.getRow(3).getCell(3).value]).toEqual(['示例中学', 3, 153.33]);
    expect(ws.getRow(4).getCell(1).value).toBe('学校B');
    const tr = await t.app.inject({ url: `/api/v1/${JOINT_REPORT_PATHS.transcript}_export?examId=${examId}`, headers: { authorization: admin } });
    expect(tr.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(tr.rawPayload as unknown as ArrayBuffer);
    expect((wb2.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['考号', '姓名', '学校', '班级', '学籍类型']);
  });
});
