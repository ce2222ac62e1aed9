import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import {
  REPORT_ROUTES, analysisListQuery, analysisListSchema, classComparisonSchema, registrationComparisonSchema, commentQuery, commentSchema, filterSchema, groupGSchema,
  horizontalDistributionSchema, onlineSchema, overviewSchema, paperSchema, quartileSchema, rankSegmentSchema, rateCriticalSchema, reportQuery,
  scoreSegmentSchema, studentAnalysisQuery, studentProgressSchema, studentTopSchema, studentWeakSchema, subjectComparisonSchema,
  subjectQualitySchema, transcriptQuery, transcriptSchema, type ReportKey,
} from '@jz/shared/api/report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as ex from './report.export.js';
import { analysisList } from './report.list.js';
import * as service from './report.service.js';

const tags = ['分析报告'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Streams the sheets as an xlsx download named <考试名>-<报告名>.xlsx. */
function sendXlsx(reply: FastifyReply, fileName: string, sheets: ex.Sheet[]) {
  const out = new PassThrough();
  ex.writeSheets(out, sheets).catch((err) => out.destroy(err as Error));
  return reply.header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .send(out);
}

/**
 * Analysis reports (examReportComm, report_home, courseComparisonAnalysis, classComparisonAnalysis, report/groupG,
 * quartileAnalysis, fiveRateAnalysis, onlineAnalysis, paperAnalysis, studentAnalysis) and the released-exam list.
 * Each report: GET <path> (JSON) and GET <path>_export (xlsx of the same rows and columns). Filters and role cut:
 * packages/shared/src/api/report.ts.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'report:report:view' };
  const exportPerm = { permission: 'report:report:export' };

  /** One report: JSON route + export route sharing the builder. */
  function report<Q extends z.ZodType, R extends z.ZodType>(
    key: ReportKey, querystring: Q, response: R, summary: string,
    build: (c: service.Ctx, q: z.infer<Q>, all: boolean) => z.infer<R>, sheets: (data: z.infer<R>) => ex.Sheet[],
  ) {
    const def = REPORT_ROUTES[key];
    base.get(`/${def.path}`, { config: view, schema: { tags, summary: `${def.title}：${summary}`, querystring, response: { 200: envelope(response.nullable()) } } },
      async (req) => {
        const q = req.query as z.infer<Q>;
        const c = await service.contextFor(db, userOf(req), q as never);
        return ok(build(c, q, false), '查询成功');
      });
    base.get(`/${def.exportPath}`, { config: exportPerm, schema: { tags, summary: `导出${def.title}（xlsx，行列与 JSON 一致；被拒绝时返回 JSON）`, querystring } },
      async (req, reply) => {
        const q = req.query as z.infer<Q>;
        const c = await service.contextFor(db, userOf(req), q as never);
        const data = build(c, q, true);
        return sendXlsx(reply, `${c.set.exam.name}-${def.title}`, sheets(data));
      });
  }

  report('overview', reportQuery, overviewSchema, '各科与总分的实考、缺考、均分、标准差、最值、中位数、四分位数、得分率与四率（classId 为班级时为该班数据）',
    (c) => service.overview(c), ex.overviewSheets);
  report('transcript', transcriptQuery, transcriptSchema, '每名考生各科与总分的成绩、班级排名、年级排名（竞争排名；fields 选择列；分页）',
    (c, q, all) => service.transcript(c, q, all), (t) => [ex.transcriptSheet(t)]);
  report('horizontalDistribution', reportQuery, horizontalDistributionSchema, '所选科目（默认总分）的分数段各班人数与累计',
    (c) => service.horizontalDistribution(c), (d) => ex.segmentSheets([d.table]));
  report('subjectComparison', reportQuery, subjectComparisonSchema, '各班各科平均分、得分率、超均率与排名，优势与薄弱学科',
    (c) => service.subjectComparison(c), ex.subjectComparisonSheets);
  report('classComparison', reportQuery, classComparisonSchema, '所选科目各班人数、均分、标准差、最值、中位数、四分位数、超均率、排名与四率',
    (c) => service.classComparison(c), ex.classComparisonSheets);
  report('registrationComparison', reportQuery, registrationComparisonSchema, '学籍对比：所选科目按学籍类型（应届、往届…）的人数、均分、标准差、最值、中位数、四分位数、超均率、排名与四率（全年级，仅可查看全年级的角色）',
    (c) => service.registrationComparison(c), ex.registrationComparisonSheets);
  report('subjectQuality', reportQuery, subjectQualitySchema, '各科统计与试卷质量（难度、信度）',
    (c) => service.subjectQuality(c), ex.subjectQualitySheets);
  report('groupG', reportQuery, groupGSchema, '按总分分为 G1–G10，各组人数、总分范围、各科均分与各班人数',
    (c) => service.groupG(c), ex.groupGSheets);
  report('quartile', reportQuery, quartileSchema, '所选科目四分位数及各班落在年级四分位区间的人数',
    (c) => service.quartile(c), ex.quartileSheets);
  report('rateCritical', reportQuery, rateCriticalSchema, '所选科目各等级分数线上下临界人数与名单',
    (c) => service.rateCritical(c), ex.rateCriticalSheets);
  report('online', reportQuery, onlineSchema, '各上线分数线的上线人数、各科有效分、单上线与双上线、临界生',
    (c) => service.online(c), ex.onlineSheets);
  report('paper', reportQuery, paperSchema, '所选科目（默认第一个科目）每题均分、得分率、区分度 D 与相关 r 及评价、选项分布；试卷难度、信度与分数分布',
    (c) => service.paper(c), ex.paperSheets);
  report('comment', commentQuery, commentSchema, '根据统计数据生成的班级评语与学生评语（学生评语仅总分；分页）',
    (c, q, all) => service.comment(c, q, all), ex.commentSheets);
  report('studentProgress', studentAnalysisQuery, studentProgressSchema, '与参照考试比较的名次变化，各班进步与退步最多的学生',
    (c, q, all) => service.studentProgress(c, q, all), ex.studentProgressSheets);
  report('studentTop', studentAnalysisQuery, studentTopSchema, '各班总分前 N 名与后 N 名',
    (c) => service.studentTop(c), ex.studentTopSheets);
  report('studentWeak', studentAnalysisQuery, studentWeakSchema, '每名学生各科年级名次与总分名次之差，薄弱与优势学科（分页）',
    (c, q, all) => service.studentWeak(c, q, all), ex.studentWeakSheets);
  report('scoreSegment', reportQuery, scoreSegmentSchema, '分数段（courseCode 0 为全部可见科目与总分）',
    (c) => service.scoreSegment(c), (d) => ex.segmentSheets(d.tables));
  report('rankSegment', reportQuery, rankSegmentSchema, '名次段（前 10、20、50…名；courseCode 0 为全部可见科目与总分）',
    (c) => service.rankSegment(c), (d) => ex.rankSegmentSheets(d.tables));

  app.get('/examReportComm/filter', {
    config: view,
    schema: { tags, summary: '报告筛选项：调用者可选的科目（0 为总分）、班级（0 为全年级）、班级类型、学籍类型（0 为全部）、分数类型及默认值', querystring: reportQuery, response: { 200: envelope(filterSchema.nullable()) } },
  }, async (req) => ok(service.filter(await service.contextFor(db, userOf(req), req.query)), '查询成功'));

  app.get('/exam/analysis/list', {
    config: view,
    schema: { tags, summary: '已发布成绩的考试（调用者可见的年级），附调用者各角色的报告入口', querystring: analysisListQuery, response: { 200: envelope(analysisListSchema.nullable()) } },
  }, async (req) => ok(await analysisList(db, userOf(req), req.query), '查询成功'));
};
export default routes;
