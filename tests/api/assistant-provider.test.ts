import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { fakeChatConfig, parseEvents, startFakeChat, type FakeChat } from '../helpers/fake-chat.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

/**
 * The assistant against a model provider: a local server speaking chat completions with tool calls and SSE streaming
 * (tests/helpers/fake-chat.ts), scripted per test. The small exam's figures: tests/fixtures/small-exam.ts.
 */
describe.each(dbKinds)('AI assistant with a provider on %s', (kind) => {
  let t: TestApp;
  let fake: FakeChat;
  let admin: string;
  let exam: SmallExam;

  const ask = async (app: TestApp, token: string, message: string, extra: Record<string, unknown> = {}) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/v1/assistant/chat', headers: { authorization: token }, payload: { examId: exam.examId, model: 'deepseek-chat', message, ...extra } });
    if (res.headers['content-type']?.toString().startsWith('application/json')) return { refused: res.json(), events: [] as ReturnType<typeof parseEvents> };
    return { refused: undefined, events: parseEvents(res.body) };
  };
  const doneOf = (events: ReturnType<typeof parseEvents>) => events.find((e) => e.type === 'done')?.message;
  const errorOf = (events: ReturnType<typeof parseEvents>) => events.find((e) => e.type === 'error')?.msg;
  const toolMessages = (i: number) => fake.requests[i]!.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');

  beforeAll(async () => {
    fake = await startFakeChat();
    t = await createTestApp(kind, { assistant: fakeChatConfig(fake) });
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '助手模型测试');
    await releaseExam(t.database.db, exam.examId);
  });
  afterAll(async () => { await t?.close(); await fake?.close(); });

  it('offers the configured models and the offline mode', async () => {
    const res = await t.call({ url: '/api/v1/assistant/info', token: admin });
    expect(res.body.data.offline).toBe(false);
    expect(res.body.data.models).toEqual([{ value: 'deepseek-chat', label: 'DeepSeek' }, { value: 'qwen-plus', label: '通义千问' }, { value: 'offline', label: '离线模式（报告模板）' }]);
  });

  it('runs the tool loop: a tool call, its result to the model, a streamed answer citing it', async () => {
    fake.requests.length = 0;
    fake.script.push({ toolCalls: [{ name: 'exam_overview', args: '{"examId": 999999}' }] }, { text: ['数学平均分 14 [S1]', '，得分率 70% [S1]。'] });
    const { events } = await ask(t, admin, '数学考得怎么样？');
    expect(events.map((e) => e.type)).toEqual(['start', 'tool', 'delta', 'delta', 'done']);
    const done = doneOf(events);
    expect(done.content).toBe('数学平均分 14 [S1]，得分率 70% [S1]。');
    expect(done.sources[0].facts).toContainEqual({ label: '数学 平均分', value: '14' });
    expect(done.unsourced).toEqual([]);
    expect(fake.requests[0]).toMatchObject({ model: 'deepseek-chat', auth: 'Bearer test-key' });
    expect(fake.requests[0]!.tools).toHaveLength(7);
    // The exam is the conversation's, whatever the model asks: the small exam's 数学 mean 14 and 总分 30.25.
    expect(toolMessages(1)[0]).toContain('"label":"总分 平均分","value":"30.25"');
    const history = await t.call({ url: '/api/v1/assistant/history', token: admin });
    expect(history.body.data.at(-1)).toMatchObject({ role: 'assistant', model: 'deepseek-chat', content: done.content });
  });

  it('flags a number the model made up', async () => {
    fake.script.push({ toolCalls: [{ name: 'exam_overview', args: '' }] }, { text: ['数学平均分 14 [S1]，比上次高 3.5 分。'] });
    const done = doneOf((await ask(t, admin, '数学比上次如何？')).events);
    expect(done.unsourced).toEqual(['3.5']);
  });

  it('keeps the role cut: a 数学 teacher’s tools see 数学 only, and 语文 is refused to them', async () => {
    fake.requests.length = 0;
    const teacher = await t.tokenFor('teacher1');
    fake.script.push({ toolCalls: [{ name: 'exam_overview', args: '{}' }, { name: 'weak_questions', args: '{"courseCode":"YW"}' }] }, { text: ['只能看到数学。'] });
    const { events } = await ask(t, teacher, '各科情况？');
    expect(doneOf(events)).toBeTruthy();
    const [overview, yw] = toolMessages(1);
    expect(overview).toContain('数学 平均分');
    expect(overview).not.toContain('语文');
    expect(overview).not.toContain('总分');
    expect(yw).toContain('无法查询：无权限访问');
  });

  it('masks student names in tool results unless the school allows them, and shows the real names to the teacher', async () => {
    // The demo 期中考试 compares ranks with the 月考 (apps/api/src/seed/demo-exams.ts): its progress lists names.
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    const demo = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('status', '=', 4).where('name', 'like', '%期中%').executeTakeFirstOrThrow()).id;
    const progress = await t.call({ url: `/api/v1/studentAnalysis/progress?examId=${demo}`, token: admin });
    expect(progress.body.code, progress.body.msg).toBe(200);
    const first = progress.body.data.classes[0].up.find((x: { change: number | null }) => (x.change ?? 0) > 0);
    expect(first).toBeTruthy();
    const named = progress.body.data.classes.flatMap((c: { up: { name: string }[]; low: { name: string }[] }) => [...c.up, ...c.low].map((x) => x.name));
    fake.requests.length = 0;
    fake.script.push({ toolCalls: [{ name: 'student_progress', args: '{}' }] }, { text: ['进步最多的是〔学', '生1〕 [S1]。'] });
    const masked = await ask(t, admin, '谁进步最多？', { examId: demo });
    const sent = toolMessages(1)[0]!;
    expect(sent).toContain('〔学生1〕');
    for (const n of named) expect(sent).not.toContain(n);
    expect(fake.requests[1]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    // The teacher reads the real name, and a pseudonym split across two pieces is never shown half.
    expect(masked.events.filter((e) => e.type === 'delta').map((e) => e.text).join('')).toBe(`进步最多的是${first.name} [S1]。`);
    expect(doneOf(masked.events).content).toBe(`进步最多的是${first.name} [S1]。`);
    expect(doneOf(masked.events).sources[0].facts.some((f: { label: string }) => f.label.includes(first.name))).toBe(true);

    await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: admin, payload: { shareStudentNames: true } });
    try {
      fake.requests.length = 0;
      fake.script.push({ toolCalls: [{ name: 'student_progress', args: '{}' }] }, { text: ['好的。'] });
      await ask(t, admin, '再说一次', { examId: demo });
      expect(toolMessages(1)[0]).toContain(first.name);
      // Earlier turns go out only when names may be sent (they are stored with the real names).
      expect(fake.requests[0]!.messages.length).toBeGreaterThan(2);
    } finally {
      await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: admin, payload: { shareStudentNames: false } });
    }
    const head = await t.tokenFor('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: head, payload: { shareStudentNames: true } })).body.code).toBe(403);
  });

  it('masks a student name the teacher typed unless the school allows names, and shows it back in the answer', async () => {
    const name = exam.students[0]!.name;
    fake.requests.length = 0;
    fake.script.push({ text: ['〔学生1〕的数学', '需要加强。'] });
    const masked = await ask(t, admin, `${name}的数学怎么样？`, { attachment: { name: '名单.txt', text: `${name} 语文 17` } });
    // What the provider received (read on the local server): the alias, never the name, in the question and attachment.
    const sentQuestion = fake.requests[0]!.messages.find((m) => m.role === 'user')!.content!;
    expect(sentQuestion).toContain('〔学生1〕的数学怎么样？');
    expect(sentQuestion).toContain('〔学生1〕 语文 17');
    expect(JSON.stringify(fake.requests[0]!.messages)).not.toContain(name);
    expect(masked.events.filter((e) => e.type === 'delta').map((e) => e.text).join('')).toBe(`${name}的数学需要加强。`);
    expect(doneOf(masked.events).content).toBe(`${name}的数学需要加强。`);
    // The history keeps what the teacher typed.
    const history = (await t.call({ url: '/api/v1/assistant/history?size=2', token: admin })).body.data;
    expect(history[0].content).toContain(`${name}的数学怎么样？`);

    await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: admin, payload: { shareStudentNames: true } });
    try {
      fake.requests.length = 0;
      fake.script.push({ text: ['好的。'] });
      await ask(t, admin, `${name}的数学怎么样？`);
      expect(fake.requests[0]!.messages.at(-1)!.content).toBe(`${name}的数学怎么样？`);
    } finally {
      await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: admin, payload: { shareStudentNames: false } });
    }
  });

  it('shows the school administrator the switch, the provider and the quotas with today’s use; nobody else', async () => {
    const get = (token: string) => t.call({ url: '/api/v1/assistant/school_setting', token });
    const before = (await get(admin)).body.data;
    expect(before).toMatchObject({ shareStudentNames: false, providerConfigured: true, onPremises: false, models: ['DeepSeek', '通义千问'], schoolDailyLimit: 1000, userDailyLimit: 1000, perMinuteLimit: 1000 });
    fake.script.push({ text: ['好的。'] });
    await ask(t, admin, '你好');
    // one question more: one call more
    expect((await get(admin)).body.data.schoolUsedToday).toBe(before.schoolUsedToday + 1);
    // A grade leader given 编辑角色权限 is still not the school administrator.
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    const granted = await db.insertInto('role_permission').values({ school_id: school.id, role_code: 'grade_leader', permission_code: 'school:permission:edit' }).returning('id').executeTakeFirstOrThrow();
    try {
      const grade = await t.tokenFor('grade1');
      expect((await get(grade)).body).toMatchObject({ code: 403, msg: '仅学校管理员可以查看和修改 AI 助手设置' });
      expect((await t.call({ method: 'POST', url: '/api/v1/assistant/school_setting', token: grade, payload: { shareStudentNames: true } })).body.code).toBe(403);
    } finally { await db.deleteFrom('role_permission').where('id', '=', granted.id).execute(); }
    expect((await get(await t.tokenFor('teacher1'))).body.code).toBe(403);
    expect((await get(admin)).body.data.shareStudentNames).toBe(false);
  });

  it('says in Chinese when the provider refuses, talks nonsense, calls an unknown tool or is down, and saves nothing', async () => {
    const before = (await t.call({ url: '/api/v1/assistant/history?size=200', token: admin })).body.data.length;
    fake.script.push({ status: 401, error: 'invalid api key' });
    expect(errorOf((await ask(t, admin, '你好')).events)).toBe('AI 模型服务拒绝了请求（密钥无效或无权使用该模型），请联系管理员');
    fake.script.push({ garbage: '{not json' });
    expect(errorOf((await ask(t, admin, '你好')).events)).toBe('AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式');
    fake.script.push({ toolCalls: [{ name: 'drop_table', args: '{}' }] });
    expect(errorOf((await ask(t, admin, '你好')).events)).toBe('AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式');
    fake.script.push({ toolCalls: [{ name: 'exam_overview', args: '{"courseCode":' }] });
    expect(errorOf((await ask(t, admin, '你好')).events)).toBe('AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式');
    fake.script.push({ status: 500, error: 'boom' });
    expect(errorOf((await ask(t, admin, '你好')).events)).toBe('AI 模型服务出错（状态 500），请稍后再试或使用离线模式');
    const down = await createPeerApp(t, { assistant: { ...fakeChatConfig(fake), provider: { ...fakeChatConfig(fake).provider!, baseUrl: 'http://127.0.0.1:9/v1' } } });
    try {
      expect(errorOf((await ask(down, admin, '你好')).events)).toBe('无法连接 AI 模型服务，请稍后再试或使用离线模式');
    } finally { await down.close(); }
    const slow = await createPeerApp(t, { assistant: { ...fakeChatConfig(fake), provider: { ...fakeChatConfig(fake).provider!, timeoutMs: 500 } } });
    try {
      fake.script.push({ hang: true });
      expect(errorOf((await ask(slow, admin, '你好')).events)).toBe('AI 模型服务响应超时，请稍后再试或使用离线模式');
    } finally { await slow.close(); }
    expect((await t.call({ url: '/api/v1/assistant/history?size=200', token: admin })).body.data.length).toBe(before);
  });

  it('refuses a model that is not offered, and still answers in the offline mode when chosen', async () => {
    expect((await ask(t, admin, '你好', { model: 'gpt-9' })).refused).toMatchObject({ msg: '所选模型不可用，请重新选择' });
    const offline = await ask(t, admin, '本次考试的总体情况如何？', { model: 'offline' });
    expect(doneOf(offline.events).content).toContain('离线模式');
  });
});
