import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuery } from '@jz/shared/api/report';
import { scoreChartsSchema, trendSchema } from '@jz/shared/api/report-charts';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { contextFor } from './report.service.js';
import * as service from './report-charts.service.js';

const tags = ['分析报告'];

/** The chart views of 报告详情 (成绩图表 and 历次考试趋势); the same filters and role cut as every report. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'report:report:view' };
  app.get('/examReportComm/charts', {
    config,
    schema: { tags, summary: '成绩图表：所选科目（0 为总分）的分数分布（按分数段宽度）、全体与各班箱线图（四分位数 R type 7，须线 1.5 倍四分位距），以及单科与总分散点、相关系数和回归线', querystring: reportQuery, response: { 200: envelope(scoreChartsSchema.nullable()) } },
  }, async (req) => ok(service.charts(await contextFor(db, userOf(req), req.query)), '查询成功'));
  app.get('/examReportComm/trend', {
    config,
    schema: { tags, summary: '历次考试趋势：本年级已发布的考试（至本次，最多 10 场）中所选科目的年级与各班平均分、得分率，年级优秀率与及格率', querystring: reportQuery, response: { 200: envelope(trendSchema.nullable()) } },
  }, async (req) => ok(await service.trend(db, userOf(req), req.query), '查询成功'));
};
export default routes;
