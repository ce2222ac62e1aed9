import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  objectiveRecognizeResultSchema, scanAbnormalQuery, scanAbnormalSchema, scanBatchDetailSchema, scanBatchQuery, scanBatchSchema, scanClaimBody, scanConfirmBody,
  scanImageQuery, scanOperatorSaveBody, scanOperatorSchema, scanOverviewSchema, scanPageBody, scanPageIdsBody, scanRecycledSchema,
  scanScoreResultSchema, scanSetExamNoBody, scanStudentListQuery, scanStudentPageSchema, scanStudentQuery, scanStudentSheetSchema, scanSubjectQuery,
  scanUploadResultSchema,
} from '@jz/shared/api/scan';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { rescanQuery, uploadQuery } from './scan.schema.js';
import * as service from './scan.service.js';
import './scan.job.js';

const tags = ['答题卡扫描'];

/**
 * Scanning (contract: packages/shared/src/api/scan.ts; spec §7 scanned_batch, scanned_student, scanned_abnormal,
 * scanned/historyList, historyReduction, updateObject, standard_answer/objective_recognize_result, calculateScore).
 * Every route needs a school user; the service admits the subject's 扫描员 and, with exam:scan:do, the school
 * administrator, grade leader and lesson leader (scan.access.ts), so no route-level permission is named here.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const done = { 200: envelope(z.null()) };
  const count = { 200: envelope(z.object({ count: z.number() })) };

  app.post('/scanned_batch/upload', {
    schema: { tags, summary: '上传一批答题卡（multipart，多个文件：JPG/PNG/TIFF 多页/PDF/zip；duplex = 双面扫描）；文件直接写入存储，随后后台识别', querystring: uploadQuery, response: { 200: envelope(scanUploadResultSchema) } },
  }, async (req) => ok(await service.upload(ctx, req, userOf(req), req.query), '上传成功，正在识别'));

  app.post('/scanned_student/rescan', {
    schema: { tags, summary: '重新扫描一名考生的答题卡：识别完成后原答题卡整体移入回收站（不影响其他考生）', querystring: rescanQuery, response: { 200: envelope(scanUploadResultSchema) } },
  }, async (req) => ok(await service.upload(ctx, req, userOf(req), req.query), '上传成功，正在识别'));

  app.get('/scanned_batch/list', {
    schema: { tags, summary: '考试科目的扫描概况：未扫、缺考、异常、上传成功人数与各批次', querystring: scanSubjectQuery, response: { 200: envelope(scanOverviewSchema) } },
  }, async (req) => ok(await service.overview(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.get('/scanned_batch/detail', {
    schema: { tags, summary: '一个批次的识别进度与其全部图片', querystring: scanBatchQuery, response: { 200: envelope(scanBatchDetailSchema) } },
  }, async (req) => ok(await service.batchDetail(db, userOf(req), req.query.batchId), '查询成功'));

  app.post('/scanned_batch/retry', {
    schema: { tags, summary: '重新识别批次中尚未识别的图片（识别进程中断后）', body: scanBatchQuery, response: { 200: envelope(scanBatchSchema) } },
  }, async (req) => ok(await service.retryBatch(ctx, userOf(req), req.body.batchId), '已重新开始识别'));

  app.get('/scanned_student/list', {
    schema: { tags, summary: '考生扫描状态列表（未扫、缺考、异常、上传成功；重复扫描、认领）', querystring: scanStudentListQuery, response: { 200: envelope(scanStudentPageSchema) } },
  }, async (req) => ok(await service.studentList(db, userOf(req), req.query), '查询成功'));

  app.get('/scanned_student/detail', {
    schema: { tags, summary: '一名考生的答题卡图片（按页序）', querystring: scanStudentQuery, response: { 200: envelope(scanStudentSheetSchema) } },
  }, async (req) => ok(await service.studentSheet(db, userOf(req), req.query.examSubjectId, req.query.examStudentId), '查询成功'));

  app.get('/scanned/image', {
    schema: { tags, summary: '答题卡图片或切割后的题块图片（image/jpeg）', querystring: scanImageQuery },
  }, async (req, reply) => {
    const stream = await service.image(ctx, userOf(req), req.query.pageId, req.query.blockId);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=300').send(stream);
  });

  app.get('/scanned_abnormal/list', {
    schema: { tags, summary: '异常答题卡：类型、原因、可用的处理方式、存疑选项的位置', querystring: scanAbnormalQuery, response: { 200: envelope(z.array(scanAbnormalSchema)) } },
  }, async (req) => ok(await service.abnormalList(db, userOf(req), req.query.examSubjectId, req.query.kind), '查询成功'));

  app.post('/scanned_abnormal/rotate', { schema: { tags, summary: '旋转 180° 后重新识别', body: scanPageBody, response: done } },
    async (req) => { await service.rotate(ctx, userOf(req), req.body.pageId); return ok(null, '已旋转并重新识别'); });
  app.post('/scanned_abnormal/recognize', { schema: { tags, summary: '按当前答题卡重新识别', body: scanPageBody, response: done } },
    async (req) => { await service.recognizeOnce(ctx, userOf(req), req.body.pageId); return ok(null, '已重新识别'); });
  app.post('/scanned_abnormal/setExamNo', { schema: { tags, summary: '输入考号', body: scanSetExamNoBody, response: done } },
    async (req) => { await service.setExamNo(db, userOf(req), req.body.pageId, req.body.examNo); return ok(null, '考号已更正'); });
  app.post('/scanned_abnormal/claim', { schema: { tags, summary: '认领：答题卡属于所选考生', body: scanClaimBody, response: done } },
    async (req) => { await service.claim(db, userOf(req), req.body.pageId, req.body.examStudentId); return ok(null, '认领成功'); });
  app.post('/scanned_abnormal/keep', { schema: { tags, summary: '重复扫描：保留这一张，其余移入回收站', body: scanPageBody, response: count } },
    async (req) => ok({ count: await service.keep(db, userOf(req), req.body.pageId) }, '已保留'));
  app.post('/scanned_abnormal/confirmMarks', { schema: { tags, summary: '确认或更正存疑的填涂', body: scanConfirmBody, response: done } },
    async (req) => { await service.confirmMarks(db, userOf(req), req.body.pageId, req.body); return ok(null, '已确认'); });

  app.get('/scanned/historyList', {
    schema: { tags, summary: '回收站：已删除的答题卡图片', querystring: scanSubjectQuery, response: { 200: envelope(z.array(scanRecycledSchema)) } },
  }, async (req) => ok(await service.historyList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/scanned/historyReduction', { schema: { tags, summary: '从回收站还原', body: scanPageIdsBody, response: count } },
    async (req) => ok({ count: await service.restorePages(db, userOf(req), req.body.pageIds) }, '已还原'));
  app.post('/scanned/updateObject', { schema: { tags, summary: '删除答题卡图片（移入回收站）', body: scanPageIdsBody, response: count } },
    async (req) => ok({ count: await service.deletePages(db, userOf(req), req.body.pageIds) }, '已移入回收站'));

  app.get('/standard_answer/objective_recognize_result', {
    schema: { tags, summary: '考生客观题识别结果（选项、标准答案、得分）', querystring: scanStudentQuery, response: { 200: envelope(objectiveRecognizeResultSchema) } },
  }, async (req) => ok(await service.objectiveResult(db, userOf(req), req.query.examSubjectId, req.query.examStudentId), '查询成功'));

  const calc = { schema: { tags, summary: '按识别结果与标准答案重新计算客观题成绩', querystring: scanSubjectQuery, response: { 200: envelope(scanScoreResultSchema) } } };
  app.get('/calculateScore', calc, async (req) => ok(await service.calculateScore(db, userOf(req), req.query.examSubjectId), '计算完成'));
  app.post('/calculateScore', calc, async (req) => ok(await service.calculateScore(db, userOf(req), req.query.examSubjectId), '计算完成'));

  app.get('/scanned_operator/list', {
    schema: { tags, summary: '考试科目的扫描员', querystring: scanSubjectQuery, response: { 200: envelope(z.array(scanOperatorSchema)) } },
  }, async (req) => ok(await service.operatorList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/scanned_operator/save', {
    schema: { tags, summary: '设置考试科目的扫描员（学校管理员、年级主任、备课组长）', body: scanOperatorSaveBody, response: { 200: envelope(z.array(scanOperatorSchema)) } },
  }, async (req) => ok(await service.operatorSave(db, userOf(req), req.body.examSubjectId, req.body.userIds), '保存成功'));
};
export default routes;
