import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfText } from '../helpers/pdf.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { seedDemoBank } from '../../apps/api/src/seed/demo-bank.js';
import { DEMO_EXAMS } from '../../apps/api/src/seed/demo-exams.js';

/**
 * The bank's way out on the small exam (tests/fixtures/small-exam.ts), 数学 only: Q1 judge 4 (key T), Q2 subjective 16.
 *   1班: A1 T,10   A2 T,12   A3 F,16        2班: B1 T,6   (B2 absent)
 * Knowledge points set before release: Q1 [小测函数], Q2 [小测函数, 小测几何]; 小测函数 already in the tree (level 2).
 * Hand-computed (python3, pasted):
 *   s = {'A1': (4, 10, 14), 'A2': (4, 12, 16), 'A3': (0, 16, 16), 'B1': (4, 6, 10)}
 *   P1 = sum(v[0] for v in s.values()) / (4 * 4)        # 12/16 = 0.75
 *   P2 = sum(v[1] for v in s.values()) / (4 * 16)       # 44/64 = 0.6875 → stored 0.688
 *   g = ceil(0.27 * 4) = 2; upper = A2, A3 (16, 16); lower = B1, A1 (10, 14); no tie at either cut
 *   D1 = (4 + 0) / 2 / 4 - (4 + 4) / 2 / 4 = 0.5 - 1 = -0.5
 *   D2 = (12 + 16) / 2 / 16 - (6 + 10) / 2 / 16 = 0.875 - 0.5 = 0.375
 *   mastery 小测函数 (Q1 + Q2, full 20): 1班 (8/3 + 38/3) / 20 = 0.766667; 2班 (4 + 6) / 20 = 0.5; grade (3 + 11) / 20 = 0.7
 *   mastery 小测几何 (Q2, full 16):      1班 (38/3) / 16 = 0.791667;    2班 6 / 16 = 0.375;       grade 11 / 16 = 0.6875
 *   错题本 1班: class rates Q1 (8/3)/4 = 0.666667, Q2 (38/3)/16 = 0.791667
 *     threshold 0.7 → Q1 only; wrong: A3 (0 of 4).   threshold 0.8 → Q1, Q2; wrong: A1 Q2 10, A2 Q2 12, A3 Q1 0
 */
describe.each(dbKinds)('question bank out on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let lesson1: string;
  let teacher1: string;
  let head1: string;
  let admin2: string;
  let ywTeacher: string;
  let exam: SmallExam;

  const post = <T = any>(token: string, path: string, payload: object) => t.call<T>({ method: 'POST', url: `/api/v1/question_bank/${path}`, token, payload: payload as Record<string, unknown> });
  const get = <T = any>(token: string, path: string) => t.call<T>({ url: `/api/v1/question_bank/${path}`, token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, lesson1, teacher1, head1, admin2] = await Promise.all(['admin', 'lesson1', 'teacher1', 'head1', 'admin2'].map((l) => t.tokenFor(l)));
    exam = await buildSmallExam(t, admin, '题库出口测试');
    const db = t.database.db;
    const sx = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.examId).where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save_knowledge', token: admin, payload: {
      examSubjectId: sx.id, items: [{ questionId: exam.qid.SX1, knowledgePoints: ['小测函数'] }, { questionId: exam.qid.SX2, knowledgePoints: ['小测函数', '小测几何'] }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await releaseExam(db, exam.examId);
    // An 英语 teacher of 1–2班 (no 数学, no head role): the 数学 views are refused.
    const yw = await db.selectFrom('user_role as r').innerJoin('app_user as u', 'u.id', 'r.user_id').select('u.login_id')
      .where('r.role_code', '=', 'subject_teacher').where('r.course_code', '=', 'YY').where('r.class_id', '=', exam.classIds[1]!)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('user_role as o').select('o.id').whereRef('o.user_id', '=', 'r.user_id').where('o.role_code', '<>', 'subject_teacher'))))
      .executeTakeFirstOrThrow();
    ywTeacher = await t.tokenFor(yw.login_id);
  });
  afterAll(async () => { await t?.close(); });

  it('seeds the demo bank from the demo exams once, quickly, with knowledge points of their papers', async () => {
    const db = t.database.db;
    const started = Date.now();
    const added = await seedDemoBank(db);
    const ms = Date.now() - started;
    const school = await db.selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    // Every scored question of the three demo exams (9 subjects each), counted from the question table.
    const expected = await db.selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id').innerJoin('exam as e', 'e.id', 's.exam_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('e.school_id', '=', school.id).where('e.name', 'in', DEMO_EXAMS.map((e) => e.name)).where('q.is_total', '=', false).executeTakeFirstOrThrow();
    expect(added).toBe(Number(expected.n));
    expect(added).toBeGreaterThan(300);
    expect(ms).toBeLessThan(20_000); // a few seconds on an idle machine
    expect(await seedDemoBank(db)).toBe(0);
    const sx = await get(admin, 'list?courseCode=SX&size=5');
    expect(sx.body.data.total).toBeGreaterThan(50);
    for (const q of sx.body.data.records) {
      expect(q.points.length).toBeGreaterThan(0);
      expect(q.stem).toContain(q.points[0].name);
      expect(q.stem).toContain('$f(x)=');
      expect(q.difficulty).not.toBeNull();
      expect(q.sourceExamName).toMatch(/^2026学年高一/);
    }
    // The tree holds the papers' knowledge points, e.g. 数学 期末 topics.
    const tree = await get(admin, 'knowledge_tree?courseCode=SX');
    expect(tree.body.data.nodes.map((n: any) => n.name)).toContain('三角恒等变换');
  });

  it('adds the exam’s questions with the report’s difficulty and D, once', async () => {
    const parent = await post(lesson1, 'save_knowledge_point', { courseCode: 'SX', name: '小测章节' });
    const fn = await post(lesson1, 'save_knowledge_point', { courseCode: 'SX', parentId: parent.body.data.id, name: '小测函数' });
    expect(fn.body.code, fn.body.msg).toBe(200);
    // Refused: head1 (no 数学 role), another school; nothing written.
    expect((await post(head1, 'add_from_exam', { examId: exam.examId, courseCode: 'SX' })).body.code).toBe(403);
    expect((await post(admin2, 'add_from_exam', { examId: exam.examId, courseCode: 'SX' })).body.code).toBe(404);
    const first = await post(teacher1, 'add_from_exam', { examId: exam.examId, courseCode: 'SX' });
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toEqual({ added: 2, updated: 0, pointsCreated: 1 });
    const again = await post(teacher1, 'add_from_exam', { examId: exam.examId, courseCode: 'SX' });
    expect(again.body.data).toEqual({ added: 0, updated: 2, pointsCreated: 0 });
    const list = await get(teacher1, `list?courseCode=SX&sourceExamId=${exam.examId}`);
    expect(list.body.data.total).toBe(2);
    const byNo = Object.fromEntries(list.body.data.records.map((r: any) => [r.sourceQuestionNo, r]));
    expect(byNo['1']).toMatchObject({ type: 'judge', difficulty: 0.75, discrimination: -0.5, answer: '正确', sourceExamName: '题库出口测试' });
    expect(byNo['2']).toMatchObject({ type: 'subjective', difficulty: 0.688, discrimination: 0.375 });
    expect(byNo['1'].points.map((p: any) => p.path)).toEqual(['小测章节 / 小测函数']);
    expect(byNo['2'].points.map((p: any) => p.name).sort()).toEqual(['小测几何', '小测函数'].sort());
    // The same values as the 试卷分析 report (rounded to 3 decimals, the index format).
    const paper = await t.call({ url: `/api/v1/paperAnalysis/paper?examId=${exam.examId}&courseCode=SX`, token: admin });
    for (const q of paper.body.data.questions) {
      expect(byNo[q.no].difficulty).toBeCloseTo(q.scoreRate, 3);
      expect(byNo[q.no].discrimination).toBeCloseTo(q.discrimination, 3);
    }
  });

  it('shows knowledge-point mastery per visible class beside the grade', async () => {
    const m = await get(admin, `mastery?examId=${exam.examId}&courseCode=SX`);
    expect(m.body.code, m.body.msg).toBe(200);
    expect(m.body.data.classes.map((c: any) => c.classId)).toEqual(exam.classIds);
    const kp = Object.fromEntries(m.body.data.points.map((p: any) => [p.knowledgePoint, p]));
    expect(kp['小测函数'].fullScore).toBe(20);
    expect(kp['小测函数'].gradeRate).toBeCloseTo(0.7, 9);
    expect(kp['小测函数'].classRates[0]).toBeCloseTo(0.766667, 6);
    expect(kp['小测函数'].classRates[1]).toBeCloseTo(0.5, 9);
    expect(kp['小测几何'].gradeRate).toBeCloseTo(0.6875, 9);
    expect(kp['小测几何'].classRates[0]).toBeCloseTo(0.791667, 6);
    expect(kp['小测几何'].classRates[1]).toBeCloseTo(0.375, 9);
    // head1 (head teacher of 1班) sees 1班 only; an 英语 teacher is refused 数学; another school too.
    const h = await get(head1, `mastery?examId=${exam.examId}&courseCode=SX`);
    expect(h.body.data.classes.map((c: any) => c.classId)).toEqual([exam.classIds[0]]);
    expect((await get(ywTeacher, `mastery?examId=${exam.examId}&courseCode=SX`)).body.code).toBe(403);
    expect((await get(admin2, `mastery?examId=${exam.examId}&courseCode=SX`)).body.code).toBe(403);
  });

  it('lists a class’s wrong questions and each student’s wrong items, and exports them', async () => {
    const [c1, c2] = exam.classIds;
    const [A1, A2, A3, B1] = exam.students;
    const w7 = await get(teacher1, `wrong_book?examId=${exam.examId}&courseCode=SX&classId=${c1}&threshold=0.7`);
    expect(w7.body.code, w7.body.msg).toBe(200);
    expect(w7.body.data.questions.map((q: any) => q.no)).toEqual(['1']);
    expect(w7.body.data.questions[0].classRate).toBeCloseTo(0.666667, 6);
    expect(w7.body.data.questions[0]).toMatchObject({ wrongCount: 1, gradeRate: 0.75 });
    expect(w7.body.data.questions[0].bankQuestionId).toBeGreaterThan(0);
    expect(w7.body.data.students).toEqual([{ examNo: A3!.examNo, name: A3!.name, items: [{ no: '1', score: 0, fullScore: 4 }] }]);
    const w8 = await get(teacher1, `wrong_book?examId=${exam.examId}&courseCode=SX&classId=${c1}&threshold=0.8`);
    expect(w8.body.data.questions.map((q: any) => [q.no, q.wrongCount])).toEqual([['1', 1], ['2', 2]]);
    const items = Object.fromEntries(w8.body.data.students.map((s: any) => [s.name, s.items.map((i: any) => [i.no, i.score])]));
    expect(items).toEqual({ [A1!.name]: [['2', 10]], [A2!.name]: [['2', 12]], [A3!.name]: [['1', 0]] });
    const w2 = await get(teacher1, `wrong_book?examId=${exam.examId}&courseCode=SX&classId=${c2}`);
    expect(w2.body.data.questions.map((q: any) => q.no)).toEqual(['2']); // 6/16 = 0.375 < 0.6; Q1 4/4
    expect(w2.body.data.students).toEqual([{ examNo: B1!.examNo, name: B1!.name, items: [{ no: '2', score: 6, fullScore: 16 }] }]);
    // head1 may not open 2班; another school may not open the exam.
    expect((await get(head1, `wrong_book?examId=${exam.examId}&courseCode=SX&classId=${c2}`)).body.code).toBe(403);
    expect((await get(admin2, `wrong_book?examId=${exam.examId}&courseCode=SX&classId=${c1}`)).body.code).toBe(403);
    const x = await t.app.inject({ url: `/api/v1/question_bank/wrong_book_export?examId=${exam.examId}&courseCode=SX&classId=${c1}&threshold=0.8`, headers: { authorization: teacher1 } });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as never);
    const rows = (name: string) => { const out: unknown[][] = []; wb.getWorksheet(name)!.eachRow((r) => { out.push((r.values as unknown[]).slice(1)); }); return out; };
    expect(rows('班级错题').slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([['1', 4, 0.6667, 1], ['2', 16, 0.7917, 2]]);
    expect(rows('学生错题').slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([[A1!.name, '2', 10], [A2!.name, '2', 12], [A3!.name, '1', 0]]);
  });

  it('prints a class’s 错题本 as a PDF through the render service (班级版 and 学生版)', async () => {
    const [c1, c2] = exam.classIds;
    const [A1, A2, A3] = exam.students;
    const job = async (token: string, body: object) => {
      const r = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token, payload: { type: 'wrongbook', examId: exam.examId, courseCode: 'SX', ...body } });
      if (r.body.code !== 200) return { code: r.body.code, msg: r.body.msg, pages: [] as string[] };
      for (;;) {
        const s = await t.call<{ state: string; error: string | null; fileName: string }>({ url: `/api/v1/render/jobs/${r.body.data.jobId}`, token });
        if (s.body.data.state === 'failed') throw new Error(s.body.data.error ?? 'failed');
        if (s.body.data.state === 'completed') {
          const file = await t.app.inject({ url: `/api/v1/render/jobs/${r.body.data.jobId}/file`, headers: { authorization: token } });
          return { code: 200, msg: s.body.data.fileName, pages: pdfText(file.rawPayload).split('\f').map((x) => x.replace(/\s+/g, '')).filter(Boolean) };
        }
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    // rates by hand (header comment): Q1 (8/3)/4 = 66.67 %, Q2 (38/3)/16 = 79.17 %; grade Q1 0.75, Q2 0.6875
    const cls = await job(teacher1, { classIds: [c1], threshold: 0.8 });
    expect(cls.code, cls.msg).toBe(200);
    expect(cls.msg).toMatch(/-数学-.*-错题本\.pdf$/);
    const all = cls.pages.join('');
    for (const s of ['班级得分率66.67%', '年级得分率75%', '班级得分率79.17%', '年级得分率68.75%', '知识点：小测函数、小测几何', '答错2人']) expect(all, s).toContain(s);
    const per = await job(teacher1, { classIds: [c1], threshold: 0.8, wrongBookVersion: 'students' });
    expect(per.pages).toHaveLength(3);
    expect(per.pages.map((p) => [A1, A2, A3].find((x) => p.includes(x!.name))?.name).sort()).toEqual([A1!.name, A2!.name, A3!.name].sort()); // one student a page
    // cut like the page: head1 not 2班, another school not the exam, one class at a time
    expect((await job(head1, { classIds: [c2] })).code).toBe(403);
    expect((await job(admin2, { classIds: [c1] })).code).toBe(403);
    expect(await job(teacher1, { classIds: [c1, c2] })).toMatchObject({ code: 400, msg: '请选择一个班级' });
    expect(await job(teacher1, { classIds: [c1], threshold: 0.1 })).toMatchObject({ code: 400, msg: '没有低于阈值的题目' });
  });

  it('assembles a paper deterministically within the constraints and exports it to Word', async () => {
    const db = t.database.db;
    const pt = await post(lesson1, 'save_knowledge_point', { courseCode: 'SX', name: '组卷专题' });
    const ids: number[] = [];
    // Six singles with difficulties 0.9 0.8 0.7 0.6 0.5 0.4 (in id order) and two subjective 0.3, 0.65, all on 组卷专题.
    for (const [type, d, i] of [['single', 0.9, 1], ['single', 0.8, 2], ['single', 0.7, 3], ['single', 0.6, 4], ['single', 0.5, 5], ['single', 0.4, 6], ['subjective', 0.3, 7], ['subjective', 0.65, 8]] as const) {
      const r = await post(teacher1, 'save', {
        courseCode: 'SX', type, difficulty: d, pointIds: [pt.body.data.id], stem: `<p>组卷题${i}：求 $\\frac{1}{2}x^2$ 的值</p>`,
        options: type === 'single' ? [{ label: 'A', content: `甲${i}` }, { label: 'B', content: '$\\sqrt{2}$' }] : [], answer: type === 'single' ? 'A' : `答案${i}`, analysis: `<p>解析${i}</p>`,
      });
      expect(r.body.code, r.body.msg).toBe(200);
      ids.push(r.body.data.id);
    }
    const body = { courseCode: 'SX', pointIds: [pt.body.data.id], targetDifficulty: 0.6, parts: [{ type: 'single', count: 3, score: 5 }, { type: 'subjective', count: 1, score: 10 }] };
    const a = await post(teacher1, 'paper_assemble', body);
    expect(a.body.code, a.body.msg).toBe(200);
    // By hand (packages/shared/src/paper-assembly.ts rule), singles: 0.6 (exact) → (0.6+0.5)/2=0.55 vs (0.6+0.7)/2=0.65, both 0.05 off;
    // tie → closer to 0.6 itself: 0.5 and 0.7 both 0.1 → smaller id: 0.7 (id 3). then (1.3 + d)/3: 0.5 → 0.6 exact → id 5.
    // subjective: 0.65 (|0.05|) before 0.3. Mean (0.6 + 0.7 + 0.5 + 0.65) / 4 = 0.6125.
    expect(a.body.data.items.map((x: any) => x.questionId)).toEqual([ids[3], ids[2], ids[4], ids[7]]);
    expect(a.body.data.meanDifficulty).toBeCloseTo(0.6125, 9);
    expect(a.body.data.totalScore).toBe(25);
    expect((await post(teacher1, 'paper_assemble', body)).body.data).toEqual(a.body.data);
    const short = await post(teacher1, 'paper_assemble', { ...body, parts: [{ type: 'single', count: 7, score: 5 }, { type: 'judge', count: 1, score: 2 }] });
    expect(short.body).toMatchObject({ code: 400, msg: '题库中符合条件的试题不够：单选题只有 6 道（需要 7 道）；判断题只有 0 道（需要 1 道）' });
    expect((await post(admin2, 'paper_assemble', body)).body.code).toBe(404);
    void db;
    // The teacher's order: subjective first; exported and read back from word/document.xml.
    const order = [ids[7]!, ids[3]!, ids[2]!, ids[4]!];
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/question_bank/paper_export_docx', headers: { authorization: teacher1 },
      payload: { courseCode: 'SX', title: '函数单元测试', items: order.map((q, i) => ({ questionId: q, score: i === 0 ? 10 : 5 })) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const dir = mkdtempSync(join(tmpdir(), 'paper-docx-'));
    writeFileSync(join(dir, 'p.docx'), res.rawPayload);
    const xml = execFileSync('unzip', ['-p', join(dir, 'p.docx'), 'word/document.xml']).toString('utf8');
    const text = xml.replace(/<[^>]+>/g, '');
    expect(text).toContain('函数单元测试');
    expect(text.indexOf('组卷题8')).toBeLessThan(text.indexOf('组卷题4'));
    expect(text.indexOf('组卷题4')).toBeLessThan(text.indexOf('组卷题3'));
    expect(text).toContain('一、解答题（共 1 题，共 10 分）');
    expect(text).toContain('二、单选题（共 3 题，共 15 分）');
    expect(text).toContain('参考答案与解析');
    expect(text.indexOf('参考答案与解析')).toBeLessThan(text.indexOf('解析8'));
    expect(text.indexOf('组卷题5')).toBeLessThan(text.indexOf('参考答案与解析'));
    // Formulas are Word equations: a fraction and a radical.
    expect(xml).toContain('<m:f>');
    expect(xml).toContain('<m:rad>');
    expect(readFileSync(join(dir, 'p.docx')).subarray(0, 2).toString()).toBe('PK');
    // Another school's question: 404, as JSON.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/question_bank/paper_export_docx', headers: { authorization: admin2 }, payload: { courseCode: 'SX', title: '越权', items: [{ questionId: ids[0], score: 5 }] } });
    expect(JSON.parse(foreign.body)).toMatchObject({ code: 404 });
  });

  it('writes the paper as an exam subject’s questions, from which the answer card is drawn', async () => {
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: { name: '组卷答题卡', examType: 4, gradeId, startDate: '2026-11-08', endDate: '2026-11-09', classIds: exam.classIds, subjects: [{ courseCode: 'SX', fullScore: 25 }] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const subjectId = created.body.data.subjects[0].id;
    const list = await get(teacher1, 'list?courseCode=SX&keyword=组卷题&size=100');
    const byStem = (n: number) => list.body.data.records.find((r: any) => r.stem.includes(`组卷题${n}：`)).id;
    const items = [{ questionId: byStem(4), score: 5 }, { questionId: byStem(3), score: 5 }, { questionId: byStem(5), score: 5 }, { questionId: byStem(8), score: 10 }];
    const r = await post(admin, 'paper_to_exam', { examSubjectId: subjectId, items });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toEqual({ examSubjectId: subjectId, questions: 4, fullScore: 25 });
    const tpl = await t.call({ url: `/api/v1/question_template/find?examSubjectId=${subjectId}`, token: admin });
    expect(tpl.body.data.questions.map((q: any) => [q.no, q.type, q.fullScore, q.answer, q.knowledgePoints])).toEqual([
      ['1', 'single', 5, 'A', ['组卷专题']], ['2', 'single', 5, 'A', ['组卷专题']], ['3', 'single', 5, 'A', ['组卷专题']], ['4', 'subjective', 10, null, ['组卷专题']],
    ]);
    const card = await t.call({ url: `/api/v1/card/find?examSubjectId=${subjectId}`, token: admin });
    expect(card.body.code, card.body.msg).toBe(200);
    expect(JSON.stringify(card.body.data)).toContain('"4"');
    // Full scores that do not add up to the subject's: refused with the exam's message, nothing written.
    const bad = await post(admin, 'paper_to_exam', { examSubjectId: subjectId, items: items.slice(0, 2) });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('小题满分之和 10 分与科目满分 25 分不一致');
    expect((await post(admin2, 'paper_to_exam', { examSubjectId: subjectId, items })).body.code).toBeGreaterThanOrEqual(403);
  });
  it('keeps a paper with its order and section headings; reopening, Word and the answer card follow it', async () => {
    const list = await get(teacher1, 'list?courseCode=SX&keyword=组卷题&size=100');
    const byStem = (n: number) => list.body.data.records.find((r: any) => r.stem.includes(`组卷题${n}：`)).id as number;
    // the teacher's order: 解答 8 first under 一、压轴题, then singles 5, 3, 4 under 二、选择题
    const items = [{ questionId: byStem(8), score: 10, section: '压轴题' }, ...[5, 3, 4].map((n) => ({ questionId: byStem(n), score: 5, section: '选择题' }))];
    const saved = await post(teacher1, 'paper_save', { courseCode: 'SX', title: '保存的试卷', items });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const paperId = saved.body.data.id as number;
    const listed = await get(teacher1, 'paper_list?courseCode=SX');
    expect(listed.body.data.map((p: any) => [p.id, p.title, p.questions, p.totalScore])).toEqual([[paperId, '保存的试卷', 4, 25]]);
    const opened = await get(lesson1, `paper_detail?id=${paperId}`); // another teacher of the course reopens it
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(opened.body.data.items.map((x: any) => [x.questionId, x.section, x.score])).toEqual(items.map((x) => [x.questionId, x.section, x.score]));
    expect(opened.body.data).toMatchObject({ title: '保存的试卷', totalScore: 25 });
    // by hand: difficulties 0.65, 0.5, 0.7, 0.6 → mean 2.45 / 4 = 0.6125
    expect(opened.body.data.meanDifficulty).toBeCloseTo(0.6125, 9);
    // saved over: order changed (4 before 5), headings kept
    const moved = [items[0]!, items[3]!, items[1]!, items[2]!];
    expect((await post(teacher1, 'paper_save', { id: paperId, courseCode: 'SX', title: '保存的试卷', items: moved })).body.code).toBe(200);
    expect((await get(teacher1, `paper_detail?id=${paperId}`)).body.data.items.map((x: any) => x.questionId)).toEqual(moved.map((x) => x.questionId));
    // the Word export of the saved paper: its headings and order
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/question_bank/paper_export_docx', headers: { authorization: teacher1 },
      payload: { courseCode: 'SX', title: '保存的试卷', bankPaperId: paperId } });
    const dir = mkdtempSync(join(tmpdir(), 'paper-saved-'));
    writeFileSync(join(dir, 'p.docx'), res.rawPayload);
    const text = execFileSync('unzip', ['-p', join(dir, 'p.docx'), 'word/document.xml']).toString('utf8').replace(/<[^>]+>/g, '');
    expect(text).toContain('一、压轴题（共 1 题，共 10 分）');
    expect(text).toContain('二、选择题（共 3 题，共 15 分）');
    const at = [8, 4, 5, 3].map((n) => text.indexOf(`组卷题${n}：`));
    expect(at.every((x) => x >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    // the answer card: 小题 1…4 in the saved order, the headings as 题组
    const subject = await t.database.db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id').select('s.id')
      .where('e.name', '=', '组卷答题卡').executeTakeFirstOrThrow();
    const r = await post(admin, 'paper_to_exam', { examSubjectId: subject.id, bankPaperId: paperId });
    expect(r.body.code, r.body.msg).toBe(200);
    const tpl = await t.call({ url: `/api/v1/question_template/find?examSubjectId=${subject.id}`, token: admin });
    expect(tpl.body.data.questions.map((q: any) => [q.no, q.type, q.fullScore, q.groupName])).toEqual([
      ['1', 'subjective', 10, '压轴题'], ['2', 'single', 5, '选择题'], ['3', 'single', 5, '选择题'], ['4', 'single', 5, '选择题'],
    ]);
    // another school: 404; head1 (reads the bank, did not write the paper, may not edit 数学 questions): may not delete it
    expect((await get(admin2, `paper_detail?id=${paperId}`)).body.code).toBe(404);
    expect((await post(admin2, 'paper_export_docx', { courseCode: 'SX', title: '越权', bankPaperId: paperId })).body.code).toBe(404);
    expect((await post(head1, 'paper_delete', { id: paperId })).body.code).toBe(403);
    expect((await post(teacher1, 'paper_delete', { id: paperId })).body.code).toBe(200);
    expect((await get(teacher1, 'paper_list?courseCode=SX')).body.data).toEqual([]);
  });
});
