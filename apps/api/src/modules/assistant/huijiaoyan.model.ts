/**
 * AI 慧教研 written by the model: the template draft's sources (the tools' results, the numbers) go to the model,
 * which may call more tools and streams its text; the text is split into the draft's sections. The offline mode, a
 * provider error or a used-up quota give the template draft (with the reason, in Chinese).
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { OFFLINE_MODEL, type AssistantSource, type HuijiaoyanDraft, type HuijiaoyanEvent } from '@jz/shared/api/assistant';
import { HUIJIAOYAN_SECTIONS, NameMask, splitSections, unsourcedNumbers } from '@jz/shared/assistant';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import type { AssistantConfig } from './assistant.config.js';
import * as repo from './assistant.repository.js';
import { dayStart, limitsOf, REFUSAL } from './assistant.service.js';
import { namesAllowed, toolLoop } from './assistant.provider.js';
import type { ToolScope } from './assistant.tools.js';
import { draftContext, templateDraft } from './huijiaoyan.service.js';

const SYSTEM = [
  '你是学校“大数据精准教学诊断平台”的教研助手，为老师撰写一个科目（班级）的教研总结草稿。',
  `草稿分为 ${HUIJIAOYAN_SECTIONS.length} 部分，依次为 ${HUIJIAOYAN_SECTIONS.map((t) => `【${t}】`).join('')}，每部分以单独一行的【标题】开头，其后是该部分的正文。`,
  '只使用提供的数据和工具返回的数据，不要编造或自行计算数字；每个数字后用方括号标注来源编号，如 [S1]。',
  '薄弱题目和薄弱知识点要写出题号、知识点名称和得分率；教学建议要具体、可操作，针对薄弱的题目和知识点。',
  '学生姓名可能以〔学生N〕代替，照原样使用。用简洁的中文，不要写标题以外的开场白。',
].join('\n');

export interface PreparedDraft { run(emit: (e: HuijiaoyanEvent) => void, signal: AbortSignal): Promise<void> }

/** The checks (scope, model) before the reply becomes a stream; a refused request is a JSON body. */
export async function prepareDraft(db: Db, config: AssistantConfig, user: SchoolUser,
  q: { examId: number; courseCode: string; classId: number; model: string }): Promise<PreparedDraft> {
  const ctx = await draftContext(db, user, q);
  const offline = q.model === OFFLINE_MODEL || !config.provider;
  if (!offline && !config.provider!.models.some((m) => m.id === q.model)) throw new BizError('所选模型不可用，请重新选择');
  const template = await templateDraft(db, user, q, ctx);
  return {
    async run(emit, signal) {
      emit({ type: 'start', offline, model: offline ? OFFLINE_MODEL : q.model });
      if (offline) return emit({ type: 'done', draft: template });
      const refused = await repo.takeCall(db, user.schoolId, user.id, dayStart(), limitsOf(config));
      if (refused) return emit({ type: 'done', draft: { ...template, notice: `${REFUSAL[refused]}；以下为按模板生成的草稿` } });
      const scope: ToolScope = { db, user, examId: q.examId, classId: q.classId, courseCode: ctx.meta.courseCode };
      try {
        emit({ type: 'done', draft: await modelDraft(db, config, scope, q.model, template, emit, signal) });
      } catch (err) {
        if (!(err instanceof BizError)) throw err;
        emit({ type: 'done', draft: { ...template, notice: `${err.message}；以下为按模板生成的草稿` } });
      }
    },
  };
}

async function modelDraft(db: Db, config: AssistantConfig, scope: ToolScope, model: string, template: HuijiaoyanDraft,
  emit: (e: HuijiaoyanEvent) => void, signal: AbortSignal): Promise<HuijiaoyanDraft> {
  const mask = (await namesAllowed(db, config, scope.user.schoolId)) ? null : new NameMask();
  const data = JSON.stringify(template.sources.map((s) => ({ source: s.id, title: s.title, facts: s.facts })));
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `请撰写《${template.title}》（考试：${template.examName}；科目：${template.courseName}；范围：${template.className}）。\n数据（JSON，source 为来源编号）：\n${data}` },
  ];
  const sources: AssistantSource[] = [...template.sources];
  const text = await toolLoop({ config, scope, model, messages, sources, mask, emit, signal });
  const written = splitSections(text).filter((s) => s.text.trim());
  if (!written.length) throw new BizError('AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式', 502);
  // A section the model left out keeps the template's text, so the draft always has all five.
  const sections = template.sections.map((t) => written.find((w) => w.title === t.title) ?? t);
  return { ...template, offline: false, model, sections, sources, unsourced: unsourcedNumbers(written.map((w) => w.text).join('\n'), sources) };
}
