import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_ROUTES, analysisListQuery, analysisListSchema, filterSchema, reportQuery } from '@jz/shared/api/report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { REPORT_DEFS, sendXlsx } from './report.defs.js';
import { analysisList } from './report.list.js';
import { FILTER_PARTS, REPORT_PARTS } from './report.parts.js';
import * as service from './report.service.js';
import { withFreshRows } from './report.store.js';

const tags = ['分析报告'];

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

  for (const d of REPORT_DEFS) {
    const def = REPORT_ROUTES[d.key];
    base.get(`/${def.path}`, { config: view, schema: { tags, summary: `${def.title}：${d.summary}`, querystring: d.querystring, response: { 200: envelope(d.response.nullable()) } } },
      async (req) => {
        const make = () => service.contextFor(db, userOf(req), req.query as never, REPORT_PARTS[d.key](req.query as never));
        return ok(await withFreshRows(make, (c) => d.build(c, req.query as never, false)), '查询成功');
      });
    base.get(`/${def.exportPath}`, { config: exportPerm, schema: { tags, summary: `导出${def.title}（xlsx，行列与 JSON 一致；被拒绝时返回 JSON）`, querystring: d.querystring } },
      async (req, reply) => {
        const make = () => service.contextFor(db, userOf(req), req.query as never, REPORT_PARTS[d.key](req.query as never));
        const { name, sheets } = await withFreshRows(make, async (c) => ({ name: c.set.exam.name, sheets: d.sheets(await d.build(c, req.query as never, true) as never) }));
        return sendXlsx(reply, `${name}-${def.title}`, sheets);
      });
  }

  app.get('/examReportComm/filter', {
    config: view,
    schema: { tags, summary: '报告筛选项：调用者可选的科目（0 为总分）、班级（0 为全年级）、班级类型、学籍类型（0 为全部）、分数类型及默认值', querystring: reportQuery, response: { 200: envelope(filterSchema.nullable()) } },
  }, async (req) => ok(service.filter(await service.contextFor(db, userOf(req), req.query, FILTER_PARTS)), '查询成功'));

  app.get('/exam/analysis/list', {
    config: view,
    schema: { tags, summary: '已发布成绩的考试（调用者可见的年级），附调用者各角色的报告入口', querystring: analysisListQuery, response: { 200: envelope(analysisListSchema.nullable()) } },
  }, async (req) => ok(await analysisList(db, userOf(req), req.query), '查询成功'));
};
export default routes;
