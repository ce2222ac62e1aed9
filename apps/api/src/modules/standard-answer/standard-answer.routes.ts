import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importAnswerSchema } from '@jz/shared/api/excel';
import { saveKnowledgeBody } from '@jz/shared/api/exam';
import {
  answerSheetSchema, examSubjectBody, examSubjectQuery, finishedEnterAnswerBody, finishedParams, knowledgeSheetSchema, saveAnswersResultSchema,
} from '@jz/shared/api/standard-answer';
import { id } from '@jz/shared/api/common';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import { jsonWhenRefused, sendXlsx } from '../excel/excel.workbook.js';
import { IMPORT_LIMITS, type ImportLimits } from '../excel/import-limits.js';
import { readUpload } from '../excel/upload.js';
import { findKnowledge, saveKnowledgeSheet } from '../exam/exam-knowledge.service.js';
import * as excel from './standard-answer-excel.service.js';
import * as service from './standard-answer.service.js';

const tags = ['标准答案'];
const importQuery = z.object({ examSubjectId: id, confirm: z.enum(['true', 'false']).optional() });
const importDoc = '上传 multipart/form-data，字段名 file（.xlsx，第 1 行为表头，按题号对应）；考试科目 examSubjectId 在查询参数中（先检查权限，再读文件）。任一行有误则全部不写入：code 400，data.errors = [{ row, column, reason }]';

/** Reads the uploaded workbook (called by the service once the caller's rights are checked). */
const receive = (req: FastifyRequest, limits: ImportLimits) => async (): Promise<Buffer> => {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传文件（字段名 file）');
  return (await readUpload(req, limits, { fieldName: 'file', missing: '请选择要上传的文件' })).buffer;
};

/**
 * 录入标准答案 at the spec's paths (§7): keys, 部分得分 / 选对一项得分, knowledge points, Excel in and out. Who may
 * save what: standard-answer.service.ts (before release the subject's editors; after release the school
 * administrator or the grade leader, confirmed, scores and reports recomputed). Reading needs exam:exam:view.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:exam:view' };

  app.get('/standard_answer/find_answers', {
    config,
    schema: { tags, summary: '考试科目的标准答案：每题答案、部分得分、选对一项得分、知识点；可编辑者另见每道客观题的作答统计与疑似答案错误提示', querystring: examSubjectQuery, response: { 200: envelope(answerSheetSchema.nullable()) } },
  }, async (req) => ok(await service.findAnswers(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.post('/standard_answer/:id/finished_enter_answer', {
    config,
    schema: {
      tags,
      summary: '保存标准答案（id 为考试科目 id；只改列出的题）并按新答案重新计算已记录选项的客观题得分；全部客观题都有答案时记录“标准答案”步骤完成。成绩已发布时仅学校管理员或年级主任可更正，须 confirm=true，否则返回 code 409 与将改变的得分（data），确认后改变的得分记入成绩更正并重新计算全部报告',
      params: finishedParams, body: finishedEnterAnswerBody, response: { 200: envelope(saveAnswersResultSchema.nullable()) },
    },
  }, async (req) => {
    const { data, msg } = await service.finishEnterAnswers(db, userOf(req), req.params.id, req.body.answers, req.body.confirm);
    return ok(data, msg);
  });

  app.get('/standard_answer/find_knowledge', {
    config,
    schema: { tags, summary: '考试科目每题的知识点，及每个知识点对应的题号与分值', querystring: examSubjectQuery, response: { 200: envelope(knowledgeSheetSchema.nullable()) } },
  }, async (req) => ok(await findKnowledge(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.post('/standard_answer/save_knowledge', {
    config,
    schema: { tags, summary: '保存小题的知识点（只改列出的题；成绩已发布时重新计算报告）', body: saveKnowledgeBody, response: { 200: envelope(knowledgeSheetSchema.nullable()) } },
  }, async (req) => {
    const { data, msg } = await saveKnowledgeSheet(db, userOf(req), req.body.examSubjectId, req.body.items);
    return ok(data, msg);
  });

  app.post('/standardAnswerExport', {
    ...jsonWhenRefused,
    config,
    schema: { tags, summary: '导出标准答案（xlsx：题号、题型、满分、答案、部分得分、选对一项得分；可修改后再导入）；被拒绝时返回 JSON', body: examSubjectBody },
  }, async (req, reply) => {
    const { fileName, bytes } = await excel.exportAnswers(db, userOf(req), req.body.examSubjectId);
    return sendXlsx(reply, fileName, bytes);
  });

  app.post('/standardAnswerImport', {
    config,
    schema: {
      tags, summary: '导入标准答案（按题号；只改文件中列出的题；成绩已发布时须 confirm=true，否则 code 409 与将改变的得分）', description: importDoc,
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswerSchema) },
    },
  }, async (req) => ok(await excel.importAnswers(db, userOf(req), req.query.examSubjectId, receive(req, IMPORT_LIMITS.standardAnswer), req.query.confirm === 'true'), '导入成功'));

  app.post('/knowledgePointssImport', {
    config,
    schema: {
      tags, summary: '导入知识点（按题号；一格多个知识点用顿号、逗号或分号隔开；空格清除该题知识点；文件中未列出的题不变）', description: importDoc,
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswerSchema) },
    },
  }, async (req) => ok(await excel.importKnowledge(db, userOf(req), req.query.examSubjectId, receive(req, IMPORT_LIMITS.knowledgePoint)), '导入成功'));

  app.post('/knowledgePointssExport', {
    ...jsonWhenRefused,
    config,
    schema: { tags, summary: '导出知识点（xlsx：题号、题型、满分、知识点；可修改后再导入）；被拒绝时返回 JSON', body: examSubjectBody },
  }, async (req, reply) => {
    const { fileName, bytes } = await excel.exportKnowledge(db, userOf(req), req.body.examSubjectId);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
