import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importAnswerSchema } from '@jz/shared/api/excel';
import { courseQuery } from '@jz/shared/api/question-bank';
import { docxConfirmQuery, docxImportSchema, docxPreviewQuery, docxPreviewSchema, exportQuestionsQuery } from '@jz/shared/api/question-import';
import { BANK_QUESTION_TEMPLATE } from '@jz/shared/bank-question-excel';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import { jsonWhenRefused, sendXlsx } from '../excel/excel.workbook.js';
import type { ImportLimits } from '../excel/import-limits.js';
import { readUpload } from '../excel/upload.js';
import * as docx from './docx-import.service.js';
import { DOCX_LIMITS } from './docx-zip.js';
import * as excel from './question-excel.service.js';

const tags = ['校本题库'];
const DOCX_UPLOAD: ImportLimits = { ...excel.QUESTION_IMPORT_LIMITS, label: '试卷', fileBytes: DOCX_LIMITS.fileBytes };

const receive = (req: FastifyRequest, limits: ImportLimits) => async (): Promise<Buffer> => {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传文件（字段名 file）');
  return (await readUpload(req, limits, { fieldName: 'file', missing: '请选择要上传的文件' })).buffer;
};

/**
 * 校本题库 imports: a .docx paper (导入试卷: preview, then confirm with the preview's digest), questions in Excel
 * (template, import, export of the filtered list), and the images of imported papers. Same access as the bank:
 * reading for every teacher, writing for those who may edit the course (question-bank.service.ts).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const config = { permission: 'exam:exam:view' };
  const upload = (summary: string, querystring: z.ZodType, response: z.ZodType) => ({
    config,
    schema: {
      tags, summary, querystring, consumes: ['multipart/form-data'], response: { 200: envelope(response) },
      description: '上传 multipart/form-data，字段名 file；学科等参数在查询参数中。任何一题或一行有误则全部不写入，并逐一指明。',
    },
  });

  app.post('/question_bank/docx_preview', upload('导入试卷（.docx）预览：拆分试题、转换公式、提取图片，不写入', docxPreviewQuery, docxPreviewSchema.nullable()),
    async (req) => ok(await docx.preview(db, userOf(req), (req.query as z.infer<typeof docxPreviewQuery>).courseCode, receive(req, DOCX_UPLOAD)), '解析成功'));

  app.post('/question_bank/docx_import', upload('导入试卷（.docx）确认：同一文件与预览摘要，一次写入全部试题', docxConfirmQuery, docxImportSchema.nullable()),
    async (req) => ok(await docx.confirm(db, storage, userOf(req), req.query as z.infer<typeof docxConfirmQuery>, receive(req, DOCX_UPLOAD)), '导入成功'));

  app.get('/question_bank/image/:schoolId/:name', {
    // Read like the bank itself: a session of that school holding exam:exam:view. The web fetches the bytes with
    // the token and shows them through object URLs; another school's name answers 404, as an absent one.
    config,
    schema: { tags, summary: '导入试卷中的图片（须登录，仅本校）', params: z.object({ schoolId: z.string().max(12), name: z.string().max(64) }) },
  }, async (req, reply) => {
    const found = await docx.image(storage, userOf(req), req.params.schoolId, req.params.name);
    if (!found) throw new BizError('图片不存在', 404);
    return reply.header('content-type', found.mime).header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff').send(found.bytes);
  });

  app.get('/question_bank/question_template', {
    ...jsonWhenRefused, config, schema: { tags, summary: '下载试题导入模板（xlsx）' },
  }, async (_req, reply) => sendXlsx(reply, BANK_QUESTION_TEMPLATE.templateFileName, await excel.questionTemplate()));

  app.post('/question_bank/question_import', upload('导入试题（xlsx：题型、题干、选项A–D、答案、解析、难度、知识点、标签）', courseQuery, importAnswerSchema),
    async (req) => ok(await excel.importQuestions(db, userOf(req), (req.query as z.infer<typeof courseQuery>).courseCode, receive(req, excel.QUESTION_IMPORT_LIMITS)), '导入成功'));

  app.get('/question_bank/question_export', {
    ...jsonWhenRefused, config, schema: { tags, summary: '导出试题（xlsx，按列表的筛选条件，可修改后再导入）；被拒绝时返回 JSON', querystring: exportQuestionsQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await excel.exportQuestions(db, userOf(req), req.query);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
