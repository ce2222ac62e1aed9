import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SUGGESTIONS } from '@jz/shared/api/assistant';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { parseEvents } from '../helpers/fake-chat.js';
import { readZip } from '../helpers/zip.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

/**
 * The assistant's offline mode (no provider: the embedded default) on the small exam of tests/fixtures/small-exam.ts,
 * whose scores are written out there; the expected figures below are worked by hand from them.
 */
describe.each(dbKinds)('AI assistant, offline mode, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;
  let className: Record<number, string>;

  const ask = async (token: string, message: string, extra: Record<string, unknown> = {}, app = t) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/v1/assistant/chat', headers: { authorization: token }, payload: { examId: exam.examId, message, ...extra } });
    if (res.headers['content-type']?.toString().startsWith('application/json')) return { refused: res.json() as { code: number; msg: string }, events: [], answer: '', done: undefined };
    const events = parseEvents(res.body);
    const done = events.find((e) => e.type === 'done');
    return { refused: undefined, events, answer: done?.message.content as string, done: done?.message };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { assistant: { schoolDailyLimit: 1000, userDailyLimit: 1000, perMinuteLimit: 1000 } });
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '助手测试');
    // Knowledge points: 语文 1 字音字形, 2 阅读理解; 数学 1 集合 + 函数, 2 函数.
    const subjects = await t.database.db.selectFrom('exam_subject').select(['id', 'course_code']).where('exam_id', '=', exam.examId).execute();
    const sid = Object.fromEntries(subjects.map((s) => [s.course_code, s.id]));
    for (const [code, items] of [['YW', [['YW1', ['字音字形']], ['YW2', ['阅读理解']]]], ['SX', [['SX1', ['集合', '函数']], ['SX2', ['函数']]]]] as const) {
      const res = await t.call({ method: 'POST', url: '/api/v1/question_template/save_knowledge', token: admin,
        payload: { examSubjectId: sid[code], items: items.map(([q, kp]) => ({ questionId: exam.qid[q], knowledgePoints: kp })) } });
      expect(res.body.code, res.body.msg).toBe(200);
    }
    await releaseExam(t.database.db, exam.examId);
    const filter = await t.call<{ classes: { value: number; label: string }[] }>({ url: `/api/v1/examReportComm/filter?examId=${exam.examId}`, token: admin });
    className = Object.fromEntries(filter.body.data.classes.map((c) => [c.value, c.label]));
  });
  afterAll(async () => { await t?.close(); });

  it('offers the welcome text, the suggested questions and only the offline model', async () => {
    const res = await t.call({ url: '/api/v1/assistant/info', token: admin });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ offline: true, suggestions: [...ASSISTANT_SUGGESTIONS], models: [{ value: 'offline', label: '离线模式（报告模板）' }], shareStudentNames: false });
  });

  it('answers the overview from the report, says it is offline and cites the source', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[0]);
    expect(r.events[0]).toEqual({ type: 'start', offline: true, model: 'offline' });
    expect(r.answer).toContain('离线模式');
    // 语文 17, 14, 14, 20, 10: mean 15 of 20 = 75 %; 数学 14, 16, 16, 10: mean 14 = 70 %; 总分 31, 30, 30, 30: 30.25.
    expect(r.answer).toContain('语文：实考 5 人，平均分 15（满分 20），得分率 75%，最高分 20，最低分 10。 [S1]');
    expect(r.answer).toContain('数学：实考 4 人，平均分 14（满分 20），得分率 70%，最高分 16，最低分 10。 [S1]');
    expect(r.answer).toContain('总分：实考 4 人，平均分 30.25');
    expect(r.done.sources).toHaveLength(1);
    expect(r.done.unsourced).toEqual([]);
  });

  it('names the weakest class per subject (超均率 worked by hand)', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[1]);
    // 数学: 1班 (14 + 16 + 16) / 3 = 15.33, 2班 10; grade 14: (10 − 14) / 14 = −28.57 %.
    // 语文: 1班 (17 + 14 + 14) / 3 = 15 = 2班 (20 + 10) / 2: no class is weaker.
    expect(r.answer).toContain('语文：各班平均分相同，均为 15。');
    expect(r.answer).toContain(`数学：${className[exam.classIds[1]!]} 平均分最低，为 10（年级 14），超均率 -28.57%。`);
    // 总分: 1班 30.33, 2班 30 (B2 missed 数学); grade 30.25: (30 − 30.25) / 30.25 = −0.83 %.
    expect(r.answer).toContain(`总分：${className[exam.classIds[1]!]} 平均分最低，为 30（年级 30.25），超均率 -0.83%。`);
  });

  it('lists the lowest knowledge points: Σ mean ÷ Σ full', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[2]);
    // 字音字形 = 语文 1: 3 of 5 right → 3 / 5 = 60 %; 函数 = 数学 1 + 2: (3 + 11) / (4 + 16) = 70 %; 集合 3 / 4 = 75 %; 阅读理解 12 / 15 = 80 %.
    const order = ['字音字形', '函数', '集合', '阅读理解'].map((k) => r.answer.indexOf(`“${k}”`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(r.answer).toContain('语文“字音字形”：得分率 60%（第1题，均分 3 / 满分 5）');
    expect(r.answer).toContain('数学“函数”：得分率 70%（第1、2题，均分 14 / 满分 20）');
  });

  it('lists the lowest questions per subject', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[3]);
    // 数学 2: 10 + 12 + 16 + 6 = 44 / 4 = 11 of 16 = 68.75 %; 数学 1: 3 of 4 right = 75 %.
    expect(r.answer).toContain('数学 第2题：得分率 68.75%，平均分 11（满分 16），知识点：函数。');
    expect(r.answer.indexOf('数学 第2题')).toBeLessThan(r.answer.indexOf('数学 第1题'));
  });

  it('says when there is no reference exam to compare ranks with', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[4]);
    const res = await t.call({ url: `/api/v1/studentAnalysis/progress?examId=${exam.examId}`, token: admin });
    expect(res.body.data.referenceName).toBeNull();
    expect(r.answer).toMatch(/无法比较|没有参照考试|参照/);
  });

  it('answers the critical students with the online report’s own counts', async () => {
    const r = await ask(admin, ASSISTANT_SUGGESTIONS[5]);
    const res = await t.call({ url: `/api/v1/onlineAnalysis/online?examId=${exam.examId}`, token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    for (const l of res.body.data.lines) expect(r.answer).toContain(`上线 ${l.online} 人；线下 ${res.body.data.buffer} 分以内的临界生 ${l.critical.length} 人`);
    if (!res.body.data.lines.length) expect(r.answer).toContain('没有设置上线分数线');
  });

  it('lists what it can answer for a question it has no template for', async () => {
    const r = await ask(admin, '帮我写一首诗');
    expect(r.answer).toContain('当前为离线模式');
    expect(r.answer).toContain(ASSISTANT_SUGGESTIONS[2]);
  });

  it('cuts by role: a 数学 teacher sees 数学 only; a head teacher cannot ask about another class', async () => {
    const teacher = await t.tokenFor('teacher1');
    const r = await ask(teacher, ASSISTANT_SUGGESTIONS[0]);
    expect(r.answer).toContain('数学：实考 4 人');
    expect(r.answer).not.toContain('语文');
    expect(r.answer).not.toContain('总分');
    const head = await t.tokenFor('head1');
    const other = await ask(head, ASSISTANT_SUGGESTIONS[0], { classId: exam.classIds[1] });
    expect(other.refused).toMatchObject({ code: 403 });
    const weak = await ask(head, ASSISTANT_SUGGESTIONS[1]);
    expect(weak.answer).toContain('少于两个');
  });

  it('drafts AI 慧教研 for a subject: strengths, weak questions and knowledge points with their numbers, suggestions', async () => {
    const res = await t.call({ url: `/api/v1/aiHuijiaoyan/draft?examId=${exam.examId}&courseCode=SX&classId=0`, token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    const d = res.body.data;
    const text = Object.fromEntries(d.sections.map((s: { title: string; text: string }) => [s.title, s.text]));
    expect(Object.keys(text)).toEqual(['成绩概况', '优势', '薄弱题目', '薄弱知识点', '教学建议']);
    // 数学: mean 14 of 20 (70 %); 1: 3 of 4 right (75 %), 2: 11 of 16 (68.75 %); 函数 (3 + 11) / 20 = 70 %, 集合 75 %.
    expect(text['成绩概况']).toContain('数学：实考 4 人，平均分 14（满分 20），得分率 70%');
    expect(text['成绩概况']).not.toContain('语文');
    expect(text['优势'].split('\n')[0]).toContain('第1题得分率 75%');
    expect(text['薄弱题目'].split('\n')[0]).toContain('数学 第2题：得分率 68.75%');
    expect(text['薄弱知识点'].indexOf('“函数”：得分率 70%')).toBeLessThan(text['薄弱知识点'].indexOf('“集合”：得分率 75%'));
    expect(text['教学建议']).toContain('围绕“函数”（得分率 70%）');
    expect(d.sources.map((s: { id: string }) => s.id)).toEqual(['S1', 'S2', 'S3', 'S4']);
    // A 数学 teacher may not draft 语文.
    const teacher = await t.tokenFor('teacher1');
    expect((await t.call({ url: `/api/v1/aiHuijiaoyan/draft?examId=${exam.examId}&courseCode=YW`, token: teacher })).body.code).toBe(403);
  });

  it('exports the edited 慧教研 text as a Word document, and refuses an empty one', async () => {
    const body = { examId: exam.examId, courseCode: 'SX', classId: 0, title: '数学教研总结（已编辑）', sections: [{ title: '教学建议', text: '加强函数专题训练。\n第二段。' }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/aiHuijiaoyan/export_docx', headers: { authorization: admin }, payload: body });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('-数学-AI慧教研.docx');
    const file = path.join(os.tmpdir(), `huijiaoyan-${process.pid}-${kind}.docx`);
    await writeFile(file, res.rawPayload);
    const xml = (await readZip(file)).get('word/document.xml')!.toString('utf8');
    for (const s of ['数学教研总结（已编辑）', '教学建议', '加强函数专题训练。', '第二段。']) expect(xml).toContain(s);
    const empty = await t.call({ method: 'POST', url: '/api/v1/aiHuijiaoyan/export_docx', token: admin, payload: { ...body, sections: [] } });
    expect(empty.body).toMatchObject({ code: 400 });
    expect(empty.body.msg).toContain('没有可导出的内容');
  });

  it('refuses bad input in Chinese and saves nothing', async () => {
    const before = await t.call({ url: '/api/v1/assistant/history?size=200', token: admin });
    const empty = await ask(admin, '   ');
    expect(empty.refused?.msg).toContain('请输入问题');
    const model = await ask(admin, ASSISTANT_SUGGESTIONS[0], { model: 'gpt-x' });
    expect(model.refused?.msg).toBe('未配置 AI 模型服务，请选择离线模式');
    const after = await t.call({ url: '/api/v1/assistant/history?size=200', token: admin });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it('keeps the history per user and clears it', async () => {
    const mine = await t.call({ url: '/api/v1/assistant/history?size=200', token: admin });
    expect(mine.body.data.length).toBeGreaterThanOrEqual(12);
    expect(mine.body.data[0]).toMatchObject({ role: 'user', content: ASSISTANT_SUGGESTIONS[0] });
    expect(mine.body.data[1].sources[0].id).toBe('S1');
    const teacher = await t.tokenFor('teacher1');
    const theirs = await t.call({ url: '/api/v1/assistant/history', token: teacher });
    expect(theirs.body.data.every((m: { content: string }) => !m.content.includes('语文'))).toBe(true);
    const cleared = await t.call({ method: 'POST', url: '/api/v1/assistant/clear_history', token: admin });
    expect(cleared.body.data.deleted).toBe(mine.body.data.length);
    expect((await t.call({ url: '/api/v1/assistant/history', token: admin })).body.data).toEqual([]);
    expect((await t.call({ url: '/api/v1/assistant/history', token: teacher })).body.data.length).toBe(theirs.body.data.length);
  });

  it('holds the daily quotas per user and per school and the per-minute rate (clearing resets nothing)', async () => {
    const used = (await t.database.db.selectFrom('assistant_call').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const quota = await createPeerApp(t, { assistant: { schoolDailyLimit: Number(used) + 3, userDailyLimit: 2, perMinuteLimit: 1000 } });
    try {
      const lesson = await t.tokenFor('lesson1');
      const grade = await t.tokenFor('grade1');
      expect((await ask(lesson, ASSISTANT_SUGGESTIONS[0], {}, quota)).done).toBeTruthy();
      expect((await ask(lesson, ASSISTANT_SUGGESTIONS[0], {}, quota)).done).toBeTruthy();
      await quota.call({ method: 'POST', url: '/api/v1/assistant/clear_history', token: lesson });
      expect((await ask(lesson, ASSISTANT_SUGGESTIONS[0], {}, quota)).refused).toEqual({ code: 429, msg: '今日提问次数已用完，请明天再试', data: null });
      expect((await ask(grade, ASSISTANT_SUGGESTIONS[0], {}, quota)).done).toBeTruthy();
      expect((await ask(grade, ASSISTANT_SUGGESTIONS[0], {}, quota)).refused?.msg).toBe('本校今日 AI 助手使用次数已用完，请明天再试');
      expect((await quota.call({ url: '/api/v1/assistant/info', token: grade })).body.data.remainingToday).toBe(0);
    } finally { await quota.close(); }
    const rate = await createPeerApp(t, { assistant: { schoolDailyLimit: 1_000_000, userDailyLimit: 1000, perMinuteLimit: 1 } });
    try {
      const other = await t.tokenFor('t001');
      expect((await ask(other, ASSISTANT_SUGGESTIONS[1], {}, rate)).done).toBeTruthy();
      expect((await ask(other, ASSISTANT_SUGGESTIONS[0], {}, rate)).refused?.msg).toBe('提问太频繁，请稍等一分钟再试');
    } finally { await rate.close(); }
  });
});
