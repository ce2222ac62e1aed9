import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { fakeChatConfig, parseEvents, startFakeChat, type FakeChat } from '../helpers/fake-chat.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

/**
 * AI 慧教研 written by a model: the local chat-completions server (tests/helpers/fake-chat.ts) receives the tools'
 * results, calls one more tool, and streams the draft. The small exam's 数学 figures (tests/fixtures/small-exam.ts,
 * worked by hand): mean (14 + 16 + 16 + 10) / 4 = 14 of 20, 得分率 70%; question 2: (10 + 12 + 16 + 6) / 4 = 11 of 16
 * = 68.75%; 函数 (3 + 11) / 20 = 70%.
 */
describe.each(dbKinds)('AI 慧教研 with a provider on %s', (kind) => {
  let t: TestApp;
  let fake: FakeChat;
  let admin: string;
  let exam: SmallExam;

  const draft = async (app: TestApp, token: string, extra: Record<string, unknown> = {}) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/v1/aiHuijiaoyan/draft_stream', headers: { authorization: token }, payload: { examId: exam.examId, courseCode: 'SX', classId: 0, model: 'deepseek-chat', ...extra } });
    if (res.headers['content-type']?.toString().startsWith('application/json')) return { refused: res.json(), events: [] as ReturnType<typeof parseEvents>, draft: undefined };
    const events = parseEvents(res.body);
    return { refused: undefined, events, draft: events.find((e) => e.type === 'done')?.draft };
  };
  const textOf = (d: { sections: { title: string; text: string }[] }) => Object.fromEntries(d.sections.map((s) => [s.title, s.text]));

  beforeAll(async () => {
    fake = await startFakeChat();
    t = await createTestApp(kind, { assistant: fakeChatConfig(fake) });
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '慧教研模型测试');
    await releaseExam(t.database.db, exam.examId);
  });
  afterAll(async () => { await t?.close(); await fake?.close(); });

  it('sends the tools’ numbers to the model, runs the tool it calls, and streams its sections into the draft', async () => {
    fake.requests.length = 0;
    fake.script.push(
      { toolCalls: [{ name: 'class_comparison', args: '{"courseCode":"SX"}' }] },
      { text: ['【成绩概况】\n数学平均分 14 [S1]，得分率 70% [S1]。\n', '【薄弱题目】\n第2题得分率 68.75% [S3]。\n【薄弱知识点】\n“函数”得分率 70% [S4]。\n', '【教学建议】\n围绕函数开展专题复习，比上次高 3.5 分。'] },
    );
    const { events, draft: d } = await draft(t, admin);
    expect(events.map((e) => e.type)).toEqual(['start', 'tool', 'delta', 'delta', 'delta', 'done']);
    expect(events[0]).toMatchObject({ offline: false, model: 'deepseek-chat' });
    // The model read the tools' results: the template's four sources with their numbers.
    const sent = fake.requests[0]!.messages.find((m) => m.role === 'user')!.content!;
    expect(sent).toContain('"source":"S1"');
    expect(sent).toContain('{"label":"数学 平均分","value":"14"}');
    expect(sent).toContain('"value":"68.75%"');
    expect(fake.requests[0]!.messages[0]!.content).toContain('【成绩概况】【优势】【薄弱题目】【薄弱知识点】【教学建议】');
    // The tool it called answered with the 数学 class comparison, as source S5.
    const tool = fake.requests[1]!.messages.find((m) => m.role === 'tool')!.content!;
    expect(tool).toContain('"source":"S5"');
    expect(tool).toContain('数学 年级平均分');
    const text = textOf(d);
    expect(d).toMatchObject({ offline: false, model: 'deepseek-chat' });
    expect(Object.keys(text)).toEqual(['成绩概况', '优势', '薄弱题目', '薄弱知识点', '教学建议']);
    expect(text['成绩概况']).toBe('数学平均分 14 [S1]，得分率 70% [S1]。');
    expect(text['薄弱题目']).toBe('第2题得分率 68.75% [S3]。');
    // 优势 was left out by the model: the template's sentence stands.
    expect(text['优势']).toContain('第1题得分率 75%');
    expect(d.sources.map((s: { id: string }) => s.id)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    expect(d.unsourced).toEqual(['3.5']);
  });

  it('falls back to the template draft with a Chinese message when the provider fails or answers without sections', async () => {
    fake.script.push({ status: 500, error: 'boom' });
    const failed = await draft(t, admin);
    expect(failed.draft).toMatchObject({ offline: true, notice: 'AI 模型服务出错（状态 500），请稍后再试或使用离线模式；以下为按模板生成的草稿' });
    expect(textOf(failed.draft)['成绩概况']).toContain('数学：实考 4 人，平均分 14（满分 20），得分率 70%');
    fake.script.push({ text: ['我不知道。'] });
    expect((await draft(t, admin)).draft.notice).toBe('AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式；以下为按模板生成的草稿');
    const slow = await createPeerApp(t, { assistant: { ...fakeChatConfig(fake), provider: { ...fakeChatConfig(fake).provider!, timeoutMs: 500 } } });
    try {
      fake.script.push({ hang: true });
      expect((await draft(slow, admin)).draft.notice).toBe('AI 模型服务响应超时，请稍后再试或使用离线模式；以下为按模板生成的草稿');
    } finally { await slow.close(); }
  });

  it('keeps the templates in the offline mode, refuses a model not offered and a subject outside the caller’s scope', async () => {
    fake.requests.length = 0;
    const offline = await draft(t, admin, { model: 'offline' });
    expect(offline.draft).toMatchObject({ offline: true });
    expect(offline.draft.notice).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
    expect((await draft(t, admin, { model: 'gpt-9' })).refused).toMatchObject({ msg: '所选模型不可用，请重新选择' });
    const teacher = await t.tokenFor('teacher1');
    expect((await draft(t, teacher, { courseCode: 'YW' })).refused).toMatchObject({ code: 403 });
  });

  it('gives the template draft when the day’s quota is used up', async () => {
    const tight = await createPeerApp(t, { assistant: fakeChatConfig(fake, { userDailyLimit: 0 }) });
    try {
      fake.requests.length = 0;
      const r = await draft(tight, admin);
      expect(r.draft.notice).toBe('今日提问次数已用完，请明天再试；以下为按模板生成的草稿');
      expect(fake.requests).toHaveLength(0);
    } finally { await tight.close(); }
  });
});
