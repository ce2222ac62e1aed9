/**
 * The assistant's turn: checks (model, exam scope, quotas) before anything streams, then either the offline
 * templates or the provider's tool loop, then the turn is saved. Rules: docs/DOMAIN-RULES.md (AI assistant).
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  ASSISTANT_SUGGESTIONS, ASSISTANT_WELCOME, OFFLINE_MODEL, OFFLINE_MODEL_LABEL,
  type AssistantChatBody, type AssistantEvent, type AssistantInfo, type AssistantSchoolSetting, type AssistantSource,
} from '@jz/shared/api/assistant';
import { NameMask, offlineIntent, unsourcedNumbers } from '@jz/shared/assistant';
import type { Db } from '../../db/database.js';
import { nextLocalMidnight } from '../../core/auth.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as report from '../report/report.service.js';
import type { AssistantConfig } from './assistant.config.js';
import * as repo from './assistant.repository.js';
import { runTool, TOOLS, type ToolScope } from './assistant.tools.js';
import { namesAllowed, sourceOf, toolLoop, typedNames } from './assistant.provider.js';

const HISTORY_TURNS = 6;

export const dayStart = () => new Date(nextLocalMidnight().getTime() - 24 * 3600 * 1000);
export const limitsOf = (c: AssistantConfig) => ({ schoolDaily: c.schoolDailyLimit, userDaily: c.userDailyLimit, perMinute: c.perMinuteLimit });

export async function info(db: Db, config: AssistantConfig, user: SchoolUser): Promise<AssistantInfo> {
  const used = await repo.callCounts(db, user.schoolId, user.id, dayStart());
  const models = config.provider ? config.provider.models.map((m) => ({ value: m.id, label: m.label })) : [];
  return {
    welcome: ASSISTANT_WELCOME,
    suggestions: [...ASSISTANT_SUGGESTIONS],
    models: [...models, { value: OFFLINE_MODEL, label: OFFLINE_MODEL_LABEL }],
    offline: !config.provider,
    remainingToday: Math.max(0, Math.min(config.userDailyLimit - used.user, config.schoolDailyLimit - used.school)),
    shareStudentNames: await repo.shareStudentNames(db, user.schoolId),
  };
}

/** The school administrator's settings screen: the switch, the provider as configured, the quotas and today's use. */
export async function schoolSetting(db: Db, config: AssistantConfig, schoolId: number): Promise<AssistantSchoolSetting> {
  return {
    shareStudentNames: await repo.shareStudentNames(db, schoolId),
    providerConfigured: Boolean(config.provider),
    onPremises: Boolean(config.provider?.onPremises),
    models: config.provider?.models.map((m) => m.label) ?? [],
    schoolDailyLimit: config.schoolDailyLimit,
    userDailyLimit: config.userDailyLimit,
    perMinuteLimit: config.perMinuteLimit,
    schoolUsedToday: await repo.schoolCallsSince(db, schoolId, dayStart()),
  };
}

export const REFUSAL: Record<repo.CallRefusal, string> = {
  user: '今日提问次数已用完，请明天再试',
  school: '本校今日 AI 助手使用次数已用完，请明天再试',
  rate: '提问太频繁，请稍等一分钟再试',
};

export interface PreparedTurn { run(emit: (e: AssistantEvent) => void, signal: AbortSignal): Promise<void> }

/** Every refusal happens here, before the reply becomes a stream: a refused question changes nothing. */
export async function prepareTurn(db: Db, config: AssistantConfig, user: SchoolUser, body: AssistantChatBody): Promise<PreparedTurn> {
  // Scope first: the exam, class and subject of the question are refused exactly as the report pages refuse them.
  await report.contextFor(db, user, { examId: body.examId, courseCode: body.courseCode, classId: body.classId, classType: '', registrationType: '0', scoreType: 1 });
  const offline = body.model === OFFLINE_MODEL || !config.provider;
  if (!offline && !config.provider!.models.some((m) => m.id === body.model)) throw new BizError('所选模型不可用，请重新选择');
  if (body.model !== OFFLINE_MODEL && !config.provider) throw new BizError('未配置 AI 模型服务，请选择离线模式');
  const refused = await repo.takeCall(db, user.schoolId, user.id, dayStart(), limitsOf(config));
  if (refused) throw new BizError(REFUSAL[refused], 429);
  const scope: ToolScope = { db, user, examId: body.examId, classId: body.classId, courseCode: body.courseCode };
  const question = body.attachment ? `${body.message}\n\n【附件：${body.attachment.name}】\n${body.attachment.text}` : body.message;
  return {
    async run(emit, signal) {
      emit({ type: 'start', offline, model: offline ? OFFLINE_MODEL : body.model });
      const turn = offline ? await offlineAnswer(scope, body.message, emit) : await providerAnswer(db, config, scope, body.model, question, emit, signal);
      const unsourced = unsourcedNumbers(turn.answer, turn.sources);
      const saved = await repo.saveTurn(db, { schoolId: user.schoolId, userId: user.id, examId: body.examId, model: offline ? OFFLINE_MODEL : body.model, question, answer: turn.answer, sources: turn.sources, unsourced });
      emit({ type: 'done', message: { id: saved.id, role: 'assistant', content: turn.answer, examId: body.examId, model: offline ? OFFLINE_MODEL : body.model, sources: turn.sources, unsourced, createdAt: saved.created_at.toISOString() } });
    },
  };
}

/** The offline mode: the suggested question's tool, its written-out lines, each citing the result. */
async function offlineAnswer(scope: ToolScope, message: string, emit: (e: AssistantEvent) => void) {
  const tool = offlineIntent(message);
  if (!tool) {
    const answer = `当前为离线模式（未连接 AI 模型），只能根据报告数据回答以下问题：\n${ASSISTANT_SUGGESTIONS.map((s) => `· ${s}`).join('\n')}`;
    emit({ type: 'delta', text: answer });
    return { answer, sources: [] };
  }
  emit({ type: 'tool', name: tool, title: TOOLS[tool].description });
  const r = await runTool(scope, tool, {});
  const source = sourceOf(1, tool, r);
  const lines = ['（离线模式：以下内容由报告数据按模板生成）', ...r.lines.map((l) => `${l} [S1]`)];
  for (const l of lines) emit({ type: 'delta', text: `${l}\n` });
  return { answer: lines.join('\n'), sources: [source] };
}

const SYSTEM = [
  '你是学校“大数据精准教学诊断平台”的教学助手，帮助老师根据本校考试数据分析学情、准备讲评与教研。',
  '只使用工具返回的数据回答，不要编造或自行计算数字；每个数字后用方括号标注来源编号，如 [S1]。',
  '工具只能查询当前考试，以及提问者有权查看的班级和科目；工具返回“无法查询”时如实告诉老师。',
  '学生姓名可能以〔学生N〕代替，照原样使用，不要猜测真实姓名。回答是给老师的草稿，用简洁的中文。',
].join('\n');

/** Earlier turns of this exam; sent only when names may be (they are stored with the real names). */
async function priorTurns(db: Db, userId: number, examId: number): Promise<ChatCompletionMessageParam[]> {
  const rows = (await repo.history(db, userId, HISTORY_TURNS * 2)).filter((m) => m.examId === examId);
  return rows.map((m) => ({ role: m.role, content: m.content }));
}

/**
 * The provider's answer, streamed. Unless names may be sent, the school's student names the teacher typed and those
 * in tool results go out as 〔学生N〕 and come back as the real names.
 */
async function providerAnswer(db: Db, config: AssistantConfig, scope: ToolScope, model: string, question: string,
  emit: (e: AssistantEvent) => void, signal: AbortSignal) {
  const showNames = await namesAllowed(db, config, scope.user.schoolId);
  const mask = showNames ? null : new NameMask();
  mask?.add(await typedNames(db, scope.user.schoolId, question));
  const exam = await report.contextFor(db, scope.user, { examId: scope.examId, courseCode: '0', classId: 0, classType: '', registrationType: '0', scoreType: 1 });
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: `${SYSTEM}\n当前考试：${exam.meta.examName}（${exam.meta.gradeName}）。可查看的科目代码：${exam.access.courses.join('、')}。` },
    ...(showNames ? await priorTurns(db, scope.user.id, scope.examId) : []),
    { role: 'user', content: mask ? mask.mask(question) : question },
  ];
  const sources: AssistantSource[] = [];
  const answer = await toolLoop({ config, scope, model, messages, sources, mask, emit, signal });
  return { answer, sources };
}
