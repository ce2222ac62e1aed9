import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerCard, CardLayoutCheck } from '@jz/shared/api/card';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfText } from '../helpers/pdf.js';

/**
 * Saved answer-sheet cards (card/find, card/preview, card/save, card/reset) on the demo database: the default
 * card, a preview that saves nothing, a save that stores settings and layout, refusals that store nothing,
 * another school refused, and the card render job printing the saved layout (its title read back from the PDF
 * with mupdf, tests/helpers/pdf.ts). Expected question counts and 考号 lengths come from plain SQL, not from the api.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type El = { kind: string; title?: string; subtitle?: string; lines?: number; questions?: { no: string; options: string[] }[]; no?: string; rows?: number; columns?: number };
const elements = (card: AnswerCard) => (card.layout!.pages as { elements: El[] }[]).flatMap((p) => p.elements);

describe.each(dbKinds)('answer-sheet cards on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let admin2: string;
  let head1: string;
  let exam: { id: number; name: string };
  let yw: number; // 语文 (essay, fill-in)
  let sx: number; // 数学 (no essay)
  let longestExamNo: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-card-api-'));
    t = await createTestApp(kind, { dataDir });
    [admin, admin2, head1] = await Promise.all(['admin', 'admin2', 'head1'].map((l) => t.tokenFor(l)));
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    exam = await db.selectFrom('exam').select(['id', 'name']).where('school_id', '=', school.id).orderBy('start_date').orderBy('id').executeTakeFirstOrThrow();
    const subject = async (code: string) => (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).where('course_code', '=', code).executeTakeFirstOrThrow()).id;
    [yw, sx] = [await subject('YW'), await subject('SX')];
    const students = await db.selectFrom('exam_student').select('exam_no').where('exam_id', '=', exam.id).execute();
    longestExamNo = Math.max(...students.map((s) => s.exam_no.length));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async (examSubjectId: number) => t.database.db.selectFrom('answer_card').selectAll().where('exam_subject_id', '=', examSubjectId).execute();
  const find = (examSubjectId: number, token = admin) => t.call<AnswerCard>({ url: `/api/v1/card/find?examSubjectId=${examSubjectId}`, token });
  const save = (examSubjectId: number, settings: object, token = admin) => t.call<AnswerCard>({ method: 'POST', url: '/api/v1/card/save', token, payload: { examSubjectId, settings } });

  it('answers the default card of an exam subject (not saved), built from its question set-up', async () => {
    const res = await find(yw);
    expect(res.body.code, res.body.msg).toBe(200);
    const card = res.body.data;
    const fills = await t.database.db.selectFrom('question').select(['id', 'no']).where('exam_subject_id', '=', yw).where('type', '=', 'fill')
      .where('is_total', '=', false).orderBy('sort').orderBy('id').execute();
    expect(fills.length).toBeGreaterThan(0);
    expect(card).toMatchObject({
      examSubjectId: yw, examId: exam.id, saved: false, outdated: false, hasEssay: true, updatedBy: null, updatedAt: null,
      settings: {
        title: `${exam.name} 语文 答题卡`, admissionDigits: longestExamNo, pages: null, optionCount: 4, essayWords: 700,
        fillBlanks: fills.map((f) => ({ questionId: f.id, blanks: 1 })),
      },
    });
    expect(card.defaults).toEqual(card.settings);
    expect(card.fillQuestions.map((f) => f.questionId)).toEqual(fills.map((f) => f.id));
    expect(card.minAdmissionDigits).toBe(longestExamNo);
    // the demo 语文 paper (12 answer boxes of at least 35 mm) does not fit on 4 A4 pages with an 800-character
    // essay: the default essay gets the most characters, in hundreds, that fit (700), so the default card prints
    expect(card).toMatchObject({ pageCount: 4, layoutError: null });
    expect(card.layout!.pages).toHaveLength(4);
    expect(elements(card).find((e) => e.kind === 'essay')).toBeTruthy();
    // 800 characters on 4 pages: the reason instead of a layout, so that the maker can change the settings
    const tooLong = await t.call({ method: 'POST', url: '/api/v1/card/save', token: admin, payload: { examSubjectId: yw, settings: { essayWords: 800 } } });
    expect(tooLong.body).toMatchObject({ code: 400, msg: '答题卡版式无效：题目内容超出 4 页，请减少题目或增加页数' });
    expect(await rows(yw)).toHaveLength(0);

    const math = (await find(sx)).body.data;
    expect(math).toMatchObject({ hasEssay: false, layoutError: null, settings: { essayWords: null, title: `${exam.name} 数学 答题卡` } });
    // the default heading: exam name over 「数学 答题卡」; objective questions A–D
    expect(elements(math).find((e) => e.kind === 'header')).toMatchObject({ title: exam.name, subtitle: '数学 答题卡' });
    const singles = await t.database.db.selectFrom('question').select('no').where('exam_subject_id', '=', sx).where('type', '=', 'single').execute();
    const objective = elements(math).filter((e) => e.kind === 'objective').flatMap((e) => e.questions!);
    expect(objective.filter((q) => singles.some((s) => s.no === String(q.no))).every((q) => q.options.join('') === 'ABCD')).toBe(true);
    expect(math.pageCount).toBe(math.layout!.pages.length);
  });

  it('previews given settings as HTML without saving them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/card/preview', headers: { authorization: admin },
      payload: { examSubjectId: sx, settings: { title: '数学预览卡（不保存）', optionCount: 6 } } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('数学预览卡（不保存）');
    expect(res.body).toContain('>F<'); // six options A–F
    expect(await rows(sx)).toHaveLength(0);
    expect((await find(sx)).body.data.saved).toBe(false);
    // a bad setting is answered as a Chinese refusal (JSON), not as a page
    const bad = await t.call({ method: 'POST', url: '/api/v1/card/preview', token: admin, payload: { examSubjectId: sx, settings: { optionCount: 9 } } });
    expect(bad.body).toMatchObject({ code: 400, msg: '答题卡设置不正确（选项个数）：选项个数应为 2–8' });
    // GET: the saved (here the default) card
    const saved = await t.app.inject({ url: `/api/v1/card/preview?examSubjectId=${sx}`, headers: { authorization: head1 } });
    expect(saved.body).toContain(`${exam.name}`);
    expect(saved.body).toContain('数学 答题卡');
  });

  it('refuses bad settings with a Chinese message naming the field and saves nothing', async () => {
    const card = (await find(yw)).body.data;
    const foreignQuestion = await t.database.db.selectFrom('question').select('id').where('exam_subject_id', '=', sx).where('type', '=', 'fill').executeTakeFirstOrThrow();
    const cases: [object, string][] = [
      [{ title: '   ' }, '答题卡设置不正确（标题）：请填写答题卡标题'],
      [{ admissionDigits: 15 }, '答题卡设置不正确（考号位数）：考号位数应为 1–14'],
      [{ admissionDigits: longestExamNo - 1 }, `答题卡设置不正确（考号位数）：本次考试的考号最长 ${longestExamNo} 位，考号位数不能少于 ${longestExamNo}`],
      [{ pages: 5 }, '答题卡设置不正确（最多页数）：最多页数只能是 2、3、4 页或自动'],
      [{ essayWords: 50 }, '答题卡设置不正确（作文字数）：作文字数应为 100–1200'],
      [{ fillBlanks: [{ questionId: foreignQuestion.id, blanks: 2 }] }, `答题卡设置不正确（填空题空数）：小题 ${foreignQuestion.id} 不是该科目的填空题`],
      [{ fillBlanks: [{ questionId: card.fillQuestions[0]!.questionId, blanks: 5 }] }, '答题卡设置不正确（填空题空数）：每题空数应为 1–4'],
      // 语文 with a 1200-character essay does not fit on 2 pages
      [{ pages: 2, essayWords: 1200 }, '答题卡版式无效：题目内容超出 2 页，请减少题目或增加页数'],
    ];
    for (const [settings, msg] of cases) {
      const res = await save(yw, settings);
      expect(res.body, JSON.stringify(settings)).toMatchObject({ code: 400, msg });
    }
    expect((await save(sx, { essayWords: 600 })).body).toMatchObject({ code: 400, msg: '答题卡设置不正确（作文字数）：该科目没有作文题' });
    // a wrong type is refused by the request schema
    expect((await save(yw, { admissionDigits: '十' })).body.code).toBe(400);
    expect(await rows(yw)).toHaveLength(0);
    expect(await rows(sx)).toHaveLength(0);
  });

  it('saves the settings and their layout, answers it on find and preview, prints it, and resets to the default', async () => {
    const before = (await find(yw)).body.data;
    const fill = before.fillQuestions[0]!;
    const title = '示例中学期中考试语文答题卡（A卷）';
    const res = await save(yw, { title, admissionDigits: longestExamNo + 2, pages: 4, essayWords: 600, fillBlanks: [{ questionId: fill.questionId, blanks: 3 }] });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('保存成功');
    const card = res.body.data;
    expect(card).toMatchObject({ saved: true, outdated: false });
    const adminName = (await t.database.db.selectFrom('app_user').select('user_name').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).user_name;
    expect(card.updatedBy).toBe(adminName);
    expect(Math.abs(card.updatedAt! - Date.now() / 1000)).toBeLessThan(120);
    // every fill-in question listed: the chosen one with 3 blanks, the others 1
    expect(card.settings).toMatchObject({ title, admissionDigits: longestExamNo + 2, pages: 4, optionCount: 4, essayWords: 600 });
    expect(card.settings.fillBlanks).toEqual(before.fillQuestions.map((f) => ({ questionId: f.questionId, blanks: f.questionId === fill.questionId ? 3 : 1 })));
    // the layout follows the settings
    const els = elements(card);
    expect(els.find((e) => e.kind === 'header')).toMatchObject({ title, subtitle: '' });
    expect(els.find((e) => e.kind === 'admission')).toMatchObject({ digits: longestExamNo + 2 });
    expect(els.find((e) => e.kind === 'fillIn' && e.no === fill.no)).toMatchObject({ lines: 3 });
    // the essay grid: 20 columns, 600 / 20 rows + 2
    expect(els.filter((e) => e.kind === 'essay').reduce((n, e) => n + e.rows!, 0)).toBe(600 / 20 + 2);
    expect(card.pageCount).toBe(4);
    // stored once, with the school
    const stored = await rows(yw);
    expect(stored).toHaveLength(1);
    const school = await t.database.db.selectFrom('exam').select('school_id').where('id', '=', exam.id).executeTakeFirstOrThrow();
    expect(stored[0]!.school_id).toBe(school.school_id);
    expect(stored[0]!.layout).toEqual(card.layout);
    expect((await find(yw)).body.data).toEqual(card);

    // GET preview and the render route's preview show the saved card
    const html = await t.app.inject({ url: `/api/v1/card/preview?examSubjectId=${yw}`, headers: { authorization: admin } });
    expect(html.body).toContain(title);
    const renderPreview = await t.app.inject({ url: `/api/v1/render/card_preview?examSubjectId=${yw}`, headers: { authorization: head1 } });
    expect(renderPreview.body).toContain(title);

    // the card job prints the saved layout
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'card', examId: exam.id, examSubjectId: yw } });
    expect(created.body.code, created.body.msg).toBe(200);
    let job: { state: string; error: string | null; fileName: string } = { state: 'waiting', error: null, fileName: '' };
    for (let i = 0; i < 1200 && job.state !== 'completed' && job.state !== 'failed'; i++) {
      await sleep(100);
      job = (await t.call({ url: `/api/v1/render/jobs/${created.body.data.jobId}`, token: admin })).body.data;
    }
    expect(job).toMatchObject({ state: 'completed', error: null, fileName: `${exam.name}-语文-答题卡.pdf` });
    const pdf = await t.app.inject({ url: `/api/v1/render/jobs/${created.body.data.jobId}/file`, headers: { authorization: admin } });
    const file = path.join(dataDir, 'card.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = pdfText(file);
    expect(text).toContain(title);
    expect(text).not.toContain('语文 答题卡\n'); // the default heading is gone

    // a second save replaces the first (still one row)
    expect((await save(yw, { ...card.settings, optionCount: 5 })).body.data.settings.optionCount).toBe(5);
    expect(await rows(yw)).toHaveLength(1);

    // reset: the row is gone, the default card is answered
    const reset = await t.call<AnswerCard>({ method: 'POST', url: '/api/v1/card/reset', token: admin, payload: { examSubjectId: yw } });
    expect(reset.body).toMatchObject({ code: 200, msg: '已恢复默认', data: { saved: false, settings: before.settings } });
    expect(reset.body.data.layout).toEqual(before.layout);
    expect(await rows(yw)).toHaveLength(0);
  });

  it('marks a saved card outdated when what it was built from changed, the default title following the exam name', async () => {
    const db = t.database.db;
    expect((await save(sx, {})).body.code).toBe(200);
    expect((await find(sx)).body.data).toMatchObject({ saved: true, outdated: false });
    await db.updateTable('exam').set({ name: `${exam.name}（改）` }).where('id', '=', exam.id).execute();
    try {
      const card = (await find(sx)).body.data;
      expect(card).toMatchObject({ saved: true, outdated: true, settings: { title: `${exam.name}（改） 数学 答题卡` } });
      // the print still takes the layout as saved (what recognition will read) until it is saved again
      expect(card.layout!.examName).toBe(exam.name);
      const again = (await save(sx, card.settings)).body.data;
      expect(again).toMatchObject({ outdated: false, layout: { examName: `${exam.name}（改）` } });
    } finally {
      await db.updateTable('exam').set({ name: exam.name }).where('id', '=', exam.id).execute();
      await t.call({ method: 'POST', url: '/api/v1/card/reset', token: admin, payload: { examSubjectId: sx } });
    }
  });

  it('refuses another school (403) and users without the right to edit the subject (403), changing nothing', async () => {
    expect((await save(yw, { title: '本校答题卡', essayWords: 600 })).body.code).toBe(200);
    const [row] = await rows(yw);
    const calls = [
      { url: `/api/v1/card/find?examSubjectId=${yw}` },
      { url: `/api/v1/card/preview?examSubjectId=${yw}` },
      { method: 'POST' as const, url: '/api/v1/card/preview', payload: { examSubjectId: yw, settings: {} } },
      { method: 'POST' as const, url: '/api/v1/card/save', payload: { examSubjectId: yw, settings: { title: '越权' } } },
      { method: 'POST' as const, url: '/api/v1/card/layout', payload: { examSubjectId: yw, settings: {} } },
      { method: 'POST' as const, url: '/api/v1/card/reset', payload: { examSubjectId: yw } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: { authorization: admin2 } });
      expect(res.headers['content-type'], c.url).toMatch(/application\/json/);
      expect(res.json().code, c.url).toBe(403);
      expect(res.body).not.toContain('本校答题卡');
    }
    // head1 (班主任) may look at the card but not change it
    expect((await find(yw, head1)).body.code).toBe(200);
    expect((await save(yw, { title: '班主任改' }, head1)).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/card/reset', token: head1, payload: { examSubjectId: yw } })).body.code).toBe(403);
    expect(await rows(yw)).toEqual([row]);
    // an unknown exam subject
    expect((await find(99999999)).body.code).toBe(404);
  });
  it('lays out A3 in three columns with a 选做题 and checks dragged areas live; a layout with problems is not saved', async () => {
    const layoutOf = (settings: object) => t.call<CardLayoutCheck>({ method: 'POST', url: '/api/v1/card/layout', token: admin, payload: { examSubjectId: sx, settings } });
    const card = (await find(sx)).body.data;
    expect(card.settings).toMatchObject({ paper: 'A4', columns: 1, admissionMode: 'bubbles', choiceGroups: [], overrides: [] });
    expect(card.issues).toEqual([]);
    const subjective = await t.database.db.selectFrom('question').select(['id', 'no']).where('exam_subject_id', '=', sx).where('type', '=', 'subjective')
      .where('is_total', '=', false).orderBy('sort').orderBy('id').execute();
    expect(card.subjectiveQuestions.map((q) => q.questionId)).toEqual(subjective.map((q) => q.id));
    const [a, b] = subjective.slice(-2);
    const settings = { paper: 'A3', columns: 3, choiceGroups: [[a.id, b.id]] };
    const res = await layoutOf(settings);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.issues).toEqual([]);
    const layout = res.body.data.layout as unknown as { paper: string; columns: number; pages: { elements: (El & { nos?: string[]; x: number; y: number; w: number; h: number })[] }[] };
    expect(layout).toMatchObject({ paper: 'A3', columns: 3 });
    const all = layout.pages.flatMap((p) => p.elements);
    expect(all.filter((e) => e.kind === 'choice').map((e) => e.nos)).toEqual([[a.no, b.no]]);
    // drag the 选做题 box onto the first written box: the check names both, the save refuses and stores nothing
    const first = all.find((e) => e.kind === 'subjective')!;
    const onto = { ...settings, overrides: [{ area: `choice:${a.no}/${b.no}`, page: 1, x: first.x, y: first.y + 5, w: first.w, h: 40 }] };
    const checked = (await layoutOf(onto)).body.data;
    expect(checked.issues.map((i) => i.message)).toContain(`第 1 页：选做题 ${a.no}/${b.no}与第 ${first.no} 题答题区重叠`);
    const refused = await save(sx, onto);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain(`答题卡版式有问题，未保存：第 1 页：选做题 ${a.no}/${b.no}与第 ${first.no} 题答题区重叠`);
    expect(await rows(sx)).toEqual([]);
    // bad combinations are refused with the field named
    expect((await layoutOf({ paper: 'A4', columns: 3 })).body).toMatchObject({ code: 400, msg: '答题卡设置不正确（分栏）：A4 纵向只能分 1 或 2 栏' });
    expect((await layoutOf({ paper: 'A5' })).body).toMatchObject({ code: 400, msg: '答题卡设置不正确（纸张）：纸张只能是 A4 或 A3' });
    const objective = await t.database.db.selectFrom('question').select('id').where('exam_subject_id', '=', sx).where('type', '=', 'single').executeTakeFirstOrThrow();
    expect((await layoutOf({ choiceGroups: [[a.id, objective.id]] })).body).toMatchObject({ code: 400, msg: `答题卡设置不正确（选做题）：小题 ${objective.id} 不是该科目的解答题，不能作选做题` });
    // a valid drag (the 选做题 box moved lower in its column) is saved and printed as saved
    const choice = all.find((e) => e.kind === 'choice')!;
    const moved = { ...settings, admissionMode: 'barcode', overrides: [{ area: `choice:${a.no}/${b.no}`, page: 1, x: choice.x, y: choice.y, w: choice.w, h: choice.h }] };
    const ok = await save(sx, moved);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ saved: true, outdated: false, issues: [], settings: { paper: 'A3', columns: 3, admissionMode: 'barcode' } });
    expect((ok.body.data.layout!.pages as { elements: El[] }[]).flatMap((p) => p.elements).some((e) => e.kind === 'admission')).toBe(false);
    const html = await t.app.inject({ url: `/api/v1/card/preview?examSubjectId=${sx}`, headers: { authorization: admin } });
    expect(html.body).toContain('@page{size:A3 landscape;margin:0}');
    await t.call({ method: 'POST', url: '/api/v1/card/reset', token: admin, payload: { examSubjectId: sx } });
  });
});
