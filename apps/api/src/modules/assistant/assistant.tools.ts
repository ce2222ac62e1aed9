/**
 * The assistant's tools: each one reads a role-cut report of the report service (the same numbers and the same cut
 * as the report pages; never SQL) and returns facts (label, value as the reports print it) plus the sentences the
 * offline mode answers with. The exam is the conversation's, never the model's choice; a class or subject outside the
 * caller's scope is refused by the report service exactly as on the pages.
 */
import { formatCount, formatMean, formatRate, formatScore } from '@jz/shared/format';
import type { AssistantSource } from '@jz/shared/api/assistant';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as report from '../report/report.service.js';

export interface ToolScope { db: Db; user: SchoolUser; examId: number; classId: number; courseCode: string }
export interface ToolArgs { courseCode?: string; classId?: number }
export interface ToolResult {
  title: string;
  facts: AssistantSource['facts'];
  /** The offline mode's written-out answer (each line cites this result). */
  lines: string[];
  /** Student names present in the facts (masked before an outside provider sees them). */
  names: string[];
}

type Fact = AssistantSource['facts'][number];
const fact = (label: string, value: string): Fact => ({ label, value });
const TOP = 5;

async function ctxOf(s: ToolScope, args: ToolArgs, courseCode = args.courseCode ?? s.courseCode) {
  return report.contextFor(s.db, s.user, {
    examId: s.examId, courseCode: courseCode || '0', classId: args.classId ?? s.classId,
    classType: '', registrationType: '0', scoreType: 1,
  });
}

async function overview(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const o = report.overview(await ctxOf(s, a, '0'));
  const facts: Fact[] = [];
  const lines: string[] = [`${o.meta.examName}（${o.meta.className}）共 ${o.studentCount} 名考生。`];
  for (const r of o.rows) {
    facts.push(fact(`${r.name} 满分`, formatScore(r.fullScore)), fact(`${r.name} 实考人数`, formatCount(r.sat)), fact(`${r.name} 平均分`, formatMean(r.mean)),
      fact(`${r.name} 得分率`, formatRate(r.scoreRate)), fact(`${r.name} 最高分`, formatScore(r.max)), fact(`${r.name} 最低分`, formatScore(r.min)));
    lines.push(`${r.name}：实考 ${formatCount(r.sat)} 人，平均分 ${formatMean(r.mean)}（满分 ${formatScore(r.fullScore)}），得分率 ${formatRate(r.scoreRate)}，最高分 ${formatScore(r.max)}，最低分 ${formatScore(r.min)}。`);
  }
  return { title: `考试概况 · ${o.meta.className}`, facts: [fact('考生人数', formatCount(o.studentCount)), ...facts], lines, names: [] };
}

async function weakClasses(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const sc = report.subjectComparison(await ctxOf(s, { ...a, classId: 0 }, '0'));
  const facts: Fact[] = [];
  const lines: string[] = [];
  sc.columns.forEach((col, k) => {
    const cells = sc.rows.map((r) => ({ name: r.className, cell: r.cells[k]! })).filter((x) => x.cell.mean !== null);
    if (cells.length < 2) return;
    const low = Math.min(...cells.map((x) => x.cell.mean!));
    facts.push(fact(`${col.name} 年级平均分`, formatMean(col.mean)));
    if (cells.every((x) => x.cell.mean === low)) {
      lines.push(`${col.name}：各班平均分相同，均为 ${formatMean(low)}。`);
      return;
    }
    const worst = cells.filter((x) => x.cell.mean === low);
    for (const w of worst) facts.push(fact(`${w.name} ${col.name} 平均分`, formatMean(w.cell.mean)), fact(`${w.name} ${col.name} 超均率`, formatRate(w.cell.overMeanRate)));
    lines.push(`${col.name}：${worst.map((w) => w.name).join('、')} 平均分最低，为 ${formatMean(low)}（年级 ${formatMean(col.mean)}），超均率 ${formatRate(worst[0]!.cell.overMeanRate)}。`);
  });
  if (!lines.length) lines.push('你可查看的班级少于两个，无法比较班级之间的强弱。');
  return { title: '各科平均分最低的班级（学科对比）', facts, lines, names: [] };
}

/** The visible subjects a per-subject tool runs over: the asked one, or every one the caller may see. */
async function subjectsOf(s: ToolScope, a: ToolArgs): Promise<string[]> {
  const code = a.courseCode ?? s.courseCode;
  if (code && code !== '0') return [code];
  return (await ctxOf(s, a, '0')).access.courses;
}

async function weakQuestions(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const facts: Fact[] = [];
  const lines: string[] = [];
  let className = '';
  for (const code of await subjectsOf(s, a)) {
    const p = report.paper(await ctxOf(s, a, code));
    className = p.meta.className;
    const low = p.questions.filter((q) => q.scoreRate !== null).sort((x, y) => x.scoreRate! - y.scoreRate!).slice(0, TOP);
    for (const q of low) {
      facts.push(fact(`${p.column.name} 第${q.no}题 满分`, formatScore(q.fullScore)), fact(`${p.column.name} 第${q.no}题 得分率`, formatRate(q.scoreRate)), fact(`${p.column.name} 第${q.no}题 平均分`, formatMean(q.mean)));
      const kp = q.knowledgePoints.length ? `，知识点：${q.knowledgePoints.join('、')}` : '';
      lines.push(`${p.column.name} 第${q.no}题：得分率 ${formatRate(q.scoreRate)}，平均分 ${formatMean(q.mean)}（满分 ${formatScore(q.fullScore)}）${kp}。`);
    }
  }
  if (!lines.length) lines.push('没有可统计的题目。');
  return { title: `得分率最低的题目（试卷分析 · ${className}）`, facts, lines, names: [] };
}

async function knowledgePoints(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const rows: { subject: string; kp: string; rate: number; mean: number | null; full: number; questions: string[] }[] = [];
  let className = '';
  for (const code of await subjectsOf(s, a)) {
    const p = report.paper(await ctxOf(s, a, code));
    className = p.meta.className;
    for (const k of p.knowledgePointSummary) {
      if (k.scoreRate !== null) rows.push({ subject: p.column.name, kp: k.knowledgePoint, rate: k.scoreRate, mean: k.mean, full: k.fullScore, questions: k.questions });
    }
  }
  const low = rows.sort((x, y) => x.rate - y.rate).slice(0, TOP);
  const facts = low.flatMap((r) => [fact(`${r.subject} 知识点“${r.kp}” 得分率`, formatRate(r.rate)), fact(`${r.subject} 知识点“${r.kp}” 题号`, r.questions.join('、')),
    fact(`${r.subject} 知识点“${r.kp}” 均分 / 满分`, `${formatMean(r.mean)} / ${formatScore(r.full)}`)]);
  const lines = low.map((r) => `${r.subject}“${r.kp}”：得分率 ${formatRate(r.rate)}（第${r.questions.join('、')}题，均分 ${formatMean(r.mean)} / 满分 ${formatScore(r.full)}）。`);
  if (!lines.length) lines.push('本次考试的题目尚未标注知识点，请在试卷结构中为题目填写知识点后重新发布成绩。');
  return { title: `得分率最低的知识点（试卷分析 · ${className}）`, facts, lines, names: [] };
}

async function progress(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const sp = await report.studentProgress(await ctxOf(s, a, '0'), { current: 1, size: 1 });
  if (!sp.referenceName || sp.comparison?.mode === 'none') {
    return { title: '进步与退步（学生分析）', facts: [], lines: [sp.comparison?.message ?? '本次考试没有参照考试，无法比较名次变化。'], names: [] };
  }
  const facts: Fact[] = [fact('参照考试', sp.referenceName)];
  const lines: string[] = [`与“${sp.referenceName}”相比（年级名次变化，正数为进步）：`];
  const names: string[] = [];
  for (const c of sp.classes) {
    const fmt = (list: typeof c.up) => list.map((x) => { names.push(x.name); facts.push(fact(`${c.className} ${x.name} 名次变化`, formatCount(x.change))); return `${x.name}（${formatCount(x.change)}）`; }).join('、') || '无';
    lines.push(`${c.className}：进步最多 ${fmt(c.up.filter((x) => (x.change ?? 0) > 0))}；退步最多 ${fmt(c.low.filter((x) => (x.change ?? 0) < 0))}。`);
  }
  return { title: '进步与退步最多的学生（学生分析）', facts, lines, names };
}

async function critical(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const on = report.online(await ctxOf(s, a, '0'));
  const facts: Fact[] = [fact('临界分差', formatScore(on.buffer))];
  const lines: string[] = [];
  const names: string[] = [];
  for (const l of on.lines) {
    facts.push(fact(`${l.name} 分数线`, formatScore(l.score)), fact(`${l.name} 上线人数`, formatCount(l.online)), fact(`${l.name} 临界生人数`, formatCount(l.critical.length)));
    const list = l.critical.map((c) => { names.push(c.name); facts.push(fact(`${c.name}（${c.className}）总分`, formatScore(c.total))); return `${c.name}（${c.className}，${formatScore(c.total)} 分）`; });
    lines.push(`${l.name}（${formatScore(l.score)} 分）：上线 ${formatCount(l.online)} 人；线下 ${formatScore(on.buffer)} 分以内的临界生 ${formatCount(l.critical.length)} 人${list.length ? `：${list.join('、')}` : ''}。`);
  }
  if (!lines.length) lines.push('本次考试没有设置上线分数线。');
  return { title: '上线临界生（上线分析）', facts, lines, names };
}

async function classComparison(s: ToolScope, a: ToolArgs): Promise<ToolResult> {
  const cc = report.classComparison(await ctxOf(s, { ...a, classId: 0 }));
  const facts: Fact[] = [fact(`${cc.column.name} 年级平均分`, formatMean(cc.grade.mean))];
  const lines: string[] = [`${cc.column.name}：年级平均分 ${formatMean(cc.grade.mean)}。`];
  for (const r of cc.rows) {
    facts.push(fact(`${r.className} 平均分`, formatMean(r.mean)), fact(`${r.className} 超均率`, formatRate(r.overMeanRate)), fact(`${r.className} 名次`, formatCount(r.meanRank)));
    lines.push(`${r.className}：平均分 ${formatMean(r.mean)}，超均率 ${formatRate(r.overMeanRate)}，第 ${formatCount(r.meanRank)} 名。`);
  }
  return { title: `班级对比 · ${cc.column.name}`, facts, lines, names: [] };
}

const courseParam = { type: 'string', description: '科目代码（如 SX、YW）；"0" 表示总分或全部科目' };
const classParam = { type: 'integer', description: '班级 id；0 表示调用者可见的全部班级' };

export const TOOLS = {
  exam_overview: { run: overview, description: '考试概况：各科与总分的实考人数、平均分、得分率、最高分、最低分', parameters: { classId: classParam } },
  weakest_classes: { run: weakClasses, description: '每个科目平均分最低的班级及其超均率（学科对比）', parameters: {} },
  class_comparison: { run: classComparison, description: '某科目各班平均分、超均率与名次（班级对比）', parameters: { courseCode: courseParam } },
  weak_questions: { run: weakQuestions, description: '得分率最低的题目（试卷分析）', parameters: { courseCode: courseParam, classId: classParam } },
  knowledge_points: { run: knowledgePoints, description: '得分率最低的知识点（知识点得分率）', parameters: { courseCode: courseParam, classId: classParam } },
  student_progress: { run: progress, description: '与参照考试相比各班名次进步和退步最多的学生', parameters: { classId: classParam } },
  critical_students: { run: critical, description: '各上线分数线的上线人数与线下临界生', parameters: { classId: classParam } },
} as const;
export type ToolName = keyof typeof TOOLS;
export const isToolName = (n: string): n is ToolName => Object.hasOwn(TOOLS, n);

/** The tools as chat-completions function definitions. */
export function toolDefinitions() {
  return Object.entries(TOOLS).map(([name, t]) => ({
    type: 'function' as const,
    function: { name, description: t.description, parameters: { type: 'object', properties: t.parameters, additionalProperties: false } },
  }));
}

/** Runs a tool; a refusal of the report service (scope, unknown subject…) is the tool's answer, in Chinese. */
export async function runTool(scope: ToolScope, name: ToolName, raw: unknown): Promise<ToolResult> {
  const args: ToolArgs = {};
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>;
    if (typeof r.courseCode === 'string' && r.courseCode.length <= 20) args.courseCode = r.courseCode;
    if (typeof r.classId === 'number' && Number.isInteger(r.classId) && r.classId >= 0) args.classId = r.classId;
  }
  try {
    return await TOOLS[name].run(scope, args);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    return { title: TOOLS[name].description, facts: [], lines: [`无法查询：${err.message}`], names: [] };
  }
}
