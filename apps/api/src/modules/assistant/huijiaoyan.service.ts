/**
 * AI 慧教研: the teaching-research summary of one subject (and class) of an exam, drafted from the assistant's tools
 * (the role-cut report services) with written-out templates: 成绩概况, 优势, 薄弱题目, 薄弱知识点, 教学建议. The
 * teacher edits it on the page, prints it or exports it to Word.
 */
import { formatMean, formatRate, formatScore } from '@jz/shared/format';
import type { AssistantSource, HuijiaoyanDraft } from '@jz/shared/api/assistant';
import type { Db } from '../../db/database.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as report from '../report/report.service.js';
import { runTool, type ToolName, type ToolResult, type ToolScope } from './assistant.tools.js';

const TOP = 3;

/** The subject of the draft: the asked one, or the first the caller may see (总分 has no paper). */
export async function draftContext(db: Db, user: SchoolUser, q: { examId: number; courseCode: string; classId: number }) {
  const base = await report.contextFor(db, user, { examId: q.examId, courseCode: '0', classId: q.classId, classType: '', registrationType: '0', scoreType: 1 });
  const code = q.courseCode && q.courseCode !== '0' ? q.courseCode : base.access.courses[0];
  const ctx = await report.contextFor(db, user, { examId: q.examId, courseCode: code ?? '0', classId: q.classId, classType: '', registrationType: '0', scoreType: 1 });
  report.single(ctx); // refuses a subject the caller may not see in that class
  return ctx;
}
export type DraftContext = Awaited<ReturnType<typeof draftContext>>;

export async function draft(db: Db, user: SchoolUser, q: { examId: number; courseCode: string; classId: number }): Promise<HuijiaoyanDraft> {
  return templateDraft(db, user, q, await draftContext(db, user, q));
}

/** The template draft: every sentence written out from the tools' results, each citing its source. */
export async function templateDraft(db: Db, user: SchoolUser, q: { examId: number; classId: number }, ctx: DraftContext): Promise<HuijiaoyanDraft> {
  const scope: ToolScope = { db, user, examId: q.examId, classId: q.classId, courseCode: ctx.meta.courseCode };
  const sources: AssistantSource[] = [];
  const use = async (tool: ToolName) => {
    const r: ToolResult = await runTool(scope, tool, { courseCode: ctx.meta.courseCode, classId: q.classId });
    const id = `S${sources.length + 1}`;
    sources.push({ id, tool, title: r.title, facts: r.facts });
    return { r, id, cite: (line: string) => `${line} [${id}]` };
  };
  const subject = ctx.meta.courseName;
  const overview = await use('exam_overview');
  const paper = report.paper(ctx);
  const strong = paper.questions.filter((x) => x.scoreRate !== null).sort((a, b) => b.scoreRate! - a.scoreRate!).slice(0, TOP);
  const strongSource = `S${sources.length + 1}`;
  sources.push({ id: strongSource, tool: 'strong_questions', title: `得分率最高的题目（试卷分析 · ${ctx.meta.className}）`,
    facts: strong.map((x) => ({ label: `${subject} 第${x.no}题 得分率`, value: formatRate(x.scoreRate) })) });
  const weakQ = await use('weak_questions');
  const weakK = await use('knowledge_points');
  const kps = paper.knowledgePointSummary.filter((k) => k.scoreRate !== null).sort((a, b) => a.scoreRate! - b.scoreRate!).slice(0, TOP);
  const low = paper.questions.filter((x) => x.scoreRate !== null).sort((a, b) => a.scoreRate! - b.scoreRate!).slice(0, TOP);
  const advice = [
    ...kps.map((k) => `围绕“${k.knowledgePoint}”（得分率 ${formatRate(k.scoreRate)}）安排专题复习：先讲清概念与方法，再配套变式训练，下次考试检查是否提高。 [${weakK.id}]`),
    ...low.filter((x) => !x.knowledgePoints.length).map((x) => `讲评第${x.no}题（得分率 ${formatRate(x.scoreRate)}）：分析典型错误，请学生订正并说明思路。 [${weakQ.id}]`),
    '课后针对薄弱环节布置分层作业，基础薄弱的学生以巩固为主，学有余力的学生适当拓展。',
  ];
  return {
    title: `${ctx.meta.examName} ${subject}教研总结（${ctx.meta.className}）`,
    examName: ctx.meta.examName,
    courseName: subject,
    className: ctx.meta.className,
    offline: true,
    sections: [
      { title: '成绩概况', text: overview.r.lines.filter((l) => l.startsWith(`${subject}：`) || !l.includes('：')).map(overview.cite).join('\n') },
      { title: '优势', text: strong.length ? strong.map((x) => `第${x.no}题得分率 ${formatRate(x.scoreRate)}（平均分 ${formatMean(x.mean)} / 满分 ${formatScore(x.fullScore)}），掌握较好。 [${strongSource}]`).join('\n') : '暂无可统计的题目。' },
      { title: '薄弱题目', text: weakQ.r.lines.map(weakQ.cite).join('\n') },
      { title: '薄弱知识点', text: weakK.r.lines.map(weakK.cite).join('\n') },
      { title: '教学建议', text: advice.join('\n') },
    ],
    sources,
  };
}
