import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobAcceptedSchema } from '@jz/shared/api/job';
import { findScoreQuery, importAnswerSchema, importQuery, studentScoreSchema, templateQuery, updateScoreBody } from '@jz/shared/api/score';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import * as service from './score.service.js';
import { IMPORT_LIMITS, type ImportLimits } from '../excel/import-limits.js';
import { acceptedEnvelope, receiveUpload, runUploadJob } from '../job/upload-job.js';
import { IMPORT_QUESTION, IMPORT_TOTAL } from './score.jobs.js';

const tags = ['成绩录入'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * grade_import (score workbooks) and question_score (one student's question scores before release).
 * Who may write a subject's scores: exam:exam:edit holders of the grade and the subject's lesson leader (service).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };

  app.get('/grade_import/template', {
    config: view,
    schema: {
      tags,
      summary: '下载成绩导入模板（xlsx）：kind=question 每科一个工作表（考号、姓名、班级、各题题号、缺考）；kind=total 一个工作表（考号、姓名、班级、各科目）',
      querystring: templateQuery,
    },
  }, async (req, reply) => {
    const { fileName, buffer } = await service.template(db, userOf(req), req.query.examId, req.query.kind);
    return reply.header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(buffer);
  });

  /** The uploaded workbook and the examId (query parameter, else a form field sent before the file). */
  const upload = async (req: FastifyRequest, queryExamId: number | undefined, limits: ImportLimits) => {
    if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传成绩文件');
    const { upload, fields } = await receiveUpload(ctx, req, limits, { missing: '请上传成绩文件' });
    const field = fields.examId as { value?: unknown } | undefined;
    const examId = queryExamId ?? (field && Number(field.value) > 0 ? Number(field.value) : undefined);
    return { upload, examId };
  };

  /** An import job: answered as a synchronous import when it ends within IMPORT_WAIT_MS, else code 202 { jobId }. */
  const importJob = async (req: FastifyRequest, kind: string, queryExamId: number | undefined, limits: ImportLimits) => {
    const { upload: stored, examId } = await upload(req, queryExamId, limits);
    const r = await runUploadJob(ctx, kind, userOf(req), stored, examId);
    if (r.done) return ok(r.result as z.infer<typeof importAnswerSchema>, '导入成功');
    return acceptedEnvelope(r.accepted);
  };
  const later = '；文件较大、未在 IMPORT_WAIT_MS（20 秒）内完成时返回 code 202，data.jobId 供 GET /jobs/{id} 查询进度与结果';

  app.post('/grade_import/import_question', {
    config: view,
    schema: {
      tags,
      summary: `导入小题成绩（multipart：file，examId 可放在查询参数或表单字段）。任何一行有错则全部不导入，code 400，data.errors 列出每个错误单元格${later}`,
      querystring: importQuery,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(z.union([importAnswerSchema, jobAcceptedSchema]).nullable()) },
    },
  }, (req) => importJob(req, IMPORT_QUESTION, req.query.examId, IMPORT_LIMITS.questionScore));

  app.post('/grade_import/import_total', {
    config: view,
    schema: {
      tags,
      summary: `导入科目总分（不含小题；仅限未设置小题的科目；空单元格或“缺考”为缺考）。任何一行有错则全部不导入${later}`,
      querystring: importQuery,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(z.union([importAnswerSchema, jobAcceptedSchema]).nullable()) },
    },
  }, (req) => importJob(req, IMPORT_TOTAL, req.query.examId, IMPORT_LIMITS.totalScore));

  app.get('/question_score/find', {
    config: view,
    schema: { tags, summary: '一名考生各科的小题得分', querystring: findScoreQuery, response: { 200: envelope(studentScoreSchema.nullable()) } },
  }, async (req) => ok(await service.findStudentScores(db, userOf(req), req.query.examId, req.query.examStudentId), '查询成功'));

  app.post('/question_score/update', {
    config: view,
    schema: {
      tags,
      summary: '修改一名考生一个科目的小题得分（发布前；未列出的题记 0 分；absent=true 记为缺考）。发布后请使用成绩更正',
      body: updateScoreBody,
      response: { 200: envelope(studentScoreSchema.nullable()) },
    },
  }, async (req) => ok(await service.updateStudentScores(db, userOf(req), req.body), '保存成功'));
};
export default routes;
