import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { filterSchema, reportQuery, REPORT_ROUTES, transcriptQuery } from '@jz/shared/api/report';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS, jointTranscriptSchema, schoolContrastSchema, studentInfoQuery, studentInfoSchema } from '@jz/shared/api/joint-report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { REPORT_DEFS, sendXlsx, type ReportDef } from '../report/report.defs.js';
import { FILTER_PARTS, JOINT_PARTS, REPORT_PARTS } from '../report/report.parts.js';
import { withFreshRows, type PartsNeed } from '../report/report.store.js';
import type { Sheet } from '../report/report.export.js';
import { jointContextFor, type JointCtx } from './joint-report.access.js';
import * as ex from './joint-report.export.js';
import * as svc from './joint-report.service.js';

/**
 * 联考报告 (the spec's joint_analysis family): every school report at its joint path (JOINT_REPORT_PATHS) built by
 * the school report's own builder over the joint report set, plus common (filter), schoolContrast and
 * showStudentInfo; each with `<path>_export` (xlsx). Access: joint-report.access.ts.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const { db } = ctx;
  const tags = ['联考报告'];
  const view = { permission: 'report:report:view' };
  const exportPerm = { permission: 'report:report:export' };

  function joint(path: string, title: string, summary: string, querystring: z.ZodType, response: z.ZodType,
    build: (c: JointCtx, q: never, all: boolean) => unknown, sheets: (d: never) => Sheet[], need: (q: never) => PartsNeed) {
    const make = (req: FastifyRequest) => () => jointContextFor(db, userOf(req), req.query as never, need(req.query as never));
    base.get(`/${path}`, { config: view, schema: { tags, summary: `联考${title}：${summary}`, querystring, response: { 200: envelope(response.nullable()) } } },
      async (req) => ok(await withFreshRows(make(req), (c) => build(c, req.query as never, false)), '查询成功'));
    base.get(`/${path}_export`, { config: exportPerm, schema: { tags, summary: `导出联考${title}（xlsx，行列与 JSON 一致；被拒绝时返回 JSON）`, querystring } },
      async (req, reply) => {
        const made = await withFreshRows(make(req), async (c) => ({ name: c.set.exam.name, sheets: sheets(await build(c, req.query as never, true) as never) }));
        return sendXlsx(reply, `${made.name}-联考${title}`, made.sheets);
      });
  }

  for (const d of REPORT_DEFS) {
    const title = REPORT_ROUTES[d.key].title;
    if (d.key === 'transcript') {
      joint(JOINT_REPORT_PATHS.transcript, title, '每名考生各科与总分的成绩、班级排名、校内排名与联考排名（本校考生；组织方为全部考生）', transcriptQuery, jointTranscriptSchema,
        (c, q, all) => svc.jointTranscript(c, q, all), (t) => [ex.jointTranscriptSheet(t)], () => JOINT_PARTS.transcript);
      continue;
    }
    const build = d.build as ReportDef['build'];
    joint(JOINT_REPORT_PATHS[d.key], title, `${d.summary}（联考：年级即联考全体，班级为调用者可见的班级；组织方看到的学生名单带学校）`, d.querystring, d.response,
      async (c, q, all) => svc.withSchools(c, await build(c, q, all)), d.sheets, REPORT_PARTS[d.key]);
  }

  base.get(`/${JOINT_OTHER_PATHS.filter}`, {
    config: view,
    schema: { tags, summary: '联考报告筛选项：调用者可见的科目、班级（组织方为各校全部班级，参加学校为本校班级）、学籍类型及默认值', querystring: reportQuery, response: { 200: envelope(filterSchema.nullable()) } },
  }, async (req) => ok(svc.jointFilter(await jointContextFor(db, userOf(req), req.query as never, FILTER_PARTS)), '查询成功'));

  joint(JOINT_OTHER_PATHS.schoolContrast, '校际对比', '各校各科与总分的实考人数、平均分、超均率（对联考均分）、标准差、均分排名、四率/五率与联考名次前10%/20%/30%/50%的人数；其他学校按组织方设置显示校名或 学校A…',
    reportQuery, schoolContrastSchema, (c) => svc.schoolContrast(c), ex.schoolContrastSheets, () => JOINT_PARTS.schoolContrast);
  joint(JOINT_OTHER_PATHS.showStudentInfo, '考生成绩', '一名考生（调用者可见班级）各科与总分的成绩、班级排名、校内排名与联考排名',
    studentInfoQuery, studentInfoSchema, (c, q: { examStudentId: number }) => svc.studentInfo(c, q.examStudentId), ex.studentInfoSheets, () => JOINT_PARTS.showStudentInfo);
};
export default routes;
