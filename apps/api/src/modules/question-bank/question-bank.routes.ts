import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importAnswerSchema } from '@jz/shared/api/excel';
import {
  bankCourseSchema, bankQuestionSchema, courseQuery, deleteQuestionsBody, detailQuery, knowledgeTreeSchema, listQuery, pointIdBody,
  questionPageSchema, savePointBody, saveQuestionBody,
} from '@jz/shared/api/question-bank';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import { jsonWhenRefused, sendXlsx } from '../excel/excel.workbook.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { readUpload } from '../excel/upload.js';
import * as service from './question-bank.service.js';
import * as treeExcel from './knowledge-tree-excel.service.js';

const tags = ['校本题库'];
const idResult = z.object({ id: z.number() });
const deletedResult = z.object({ deleted: z.number() });

const receive = (req: FastifyRequest) => async (): Promise<Buffer> => {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传文件（字段名 file）');
  return (await readUpload(req, IMPORT_LIMITS.knowledgeTree, { fieldName: 'file', missing: '请选择要上传的文件' })).buffer;
};

/**
 * 校本题库 (/knowTopic/list): questions and each course's knowledge-point tree. Reading needs exam:exam:view (every
 * teacher); who may write which course: question-bank.service.ts.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:exam:view' };

  app.get('/question_bank/courses', {
    config, schema: { tags, summary: '本校学科及各学科题量、当前用户能否编辑试题与知识点树', response: { 200: envelope(z.array(bankCourseSchema).nullable()) } },
  }, async (req) => ok(await service.courses(db, userOf(req)), '查询成功'));

  app.get('/question_bank/knowledge_tree', {
    config, schema: { tags, summary: '一个学科的知识点树（含各知识点的题量）', querystring: courseQuery, response: { 200: envelope(knowledgeTreeSchema.nullable()) } },
  }, async (req) => ok(await service.tree(db, userOf(req), req.query.courseCode), '查询成功'));

  app.post('/question_bank/save_knowledge_point', {
    config, schema: { tags, summary: '新增或修改知识点（最多四级；同一级不重名；学校管理员与该学科备课组长）', body: savePointBody, response: { 200: envelope(idResult.nullable()) } },
  }, async (req) => ok(await service.savePoint(db, userOf(req), req.body), '保存成功'));

  app.post('/question_bank/delete_knowledge_point', {
    config, schema: { tags, summary: '删除知识点及其下级（试题保留，其余知识点不变）', body: pointIdBody, response: { 200: envelope(deletedResult.nullable()) } },
  }, async (req) => ok(await service.deletePoint(db, userOf(req), req.body.id), '删除成功'));

  app.post('/question_bank/knowledge_tree_import', {
    config,
    schema: {
      tags, summary: '导入知识点树（xlsx：一级至四级知识点，每行一条路径；已有的保留，没有的新建）',
      description: '上传 multipart/form-data，字段名 file；学科 courseCode 在查询参数中。任一行有误则全部不写入：code 400，data.errors = [{ row, column, reason }]',
      querystring: courseQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswerSchema) },
    },
  }, async (req) => ok(await treeExcel.importTree(db, userOf(req), req.query.courseCode, receive(req)), '导入成功'));

  app.get('/question_bank/knowledge_tree_export', {
    ...jsonWhenRefused,
    config, schema: { tags, summary: '导出知识点树（xlsx，可修改后再导入）；被拒绝时返回 JSON', querystring: courseQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await treeExcel.exportTree(db, userOf(req), req.query.courseCode);
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/question_bank/list', {
    config, schema: { tags, summary: '试题列表：按学科，可按题型、知识点（含下级）、关键词、标签、难度区间、来源考试筛选', querystring: listQuery, response: { 200: envelope(questionPageSchema.nullable()) } },
  }, async (req) => ok(await service.list(db, userOf(req), req.query), '查询成功'));

  app.get('/question_bank/detail', {
    config, schema: { tags, summary: '一道试题', querystring: detailQuery, response: { 200: envelope(bankQuestionSchema.nullable()) } },
  }, async (req) => ok(await service.detail(db, userOf(req), req.query.id), '查询成功'));

  app.post('/question_bank/save', {
    config, schema: { tags, summary: '新增或修改试题（题干、选项、答案、解析为编辑器 HTML，公式为 $…$ 中的 LaTeX）', body: saveQuestionBody, response: { 200: envelope(idResult.nullable()) } },
  }, async (req) => ok(await service.save(db, userOf(req), req.body), '保存成功'));

  app.post('/question_bank/delete', {
    config, schema: { tags, summary: '删除试题', body: deleteQuestionsBody, response: { 200: envelope(deletedResult.nullable()) } },
  }, async (req) => ok(await service.remove(db, userOf(req), req.body.ids), '删除成功'));
};
export default routes;
