import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import * as setup from './marking-setup.service.js';
import { qualityList } from './marking-quality.service.js';
import { exportMonitor, exportReaders } from './marking-export.service.js';
import { sendXlsx } from '../excel/excel.workbook.js';
import * as region from './marking-region.service.js';
import { dropAnswerFiles } from './marking-answer.service.js';

const tags = ['阅卷设置'];

/**
 * Setting up and watching online marking under the spec §7 names (task_allocation/*, answer/*, sampling/*,
 * monitor/*, progress/*). Shapes: docs/DOMAIN-RULES.md §4.1. Access is checked by the service (canEditSubject;
 * monitoring also the block's 题组长).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const done = { 200: envelope(z.null()) };
  const count = { 200: envelope(z.object({ count: z.number() })) };

  app.get('/task_allocation/find_group_list', { schema: { tags, summary: '题块与阅卷分配（无题块时按主观题各建一个）', querystring: s.subjectQuery, response: { 200: envelope(z.array(s.groupSchema)) } } },
    async (req) => ok(await setup.groupList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/task_allocation/save_task_allocation', { schema: { tags, summary: '保存题块、评卷方式、误差、分配方式、题组长与阅卷老师', body: s.allocationBody, response: done } },
    async (req) => { await dropAnswerFiles(ctx, await setup.saveAllocation(db, userOf(req), req.body)); return ok(null, '保存成功'); });
  app.get('/task_allocation/clean_task_allocation', { schema: { tags, summary: '清空阅卷老师分配', querystring: s.subjectQuery, response: count } },
    async (req) => ok({ count: await setup.cleanAllocation(db, userOf(req), req.query.examSubjectId) }, '已清空'));
  app.post('/task_allocation/save_tmp_subject_leader', { schema: { tags, summary: '设置题组长', body: s.leaderBody, response: done } },
    async (req) => { await setup.saveLeader(db, userOf(req), req.body); return ok(null, '保存成功'); });
  app.post('/task_allocation/clean_painting_task', { schema: { tags, summary: '删除全部题块（未开始阅卷时）', body: s.subjectQuery, response: done } },
    async (req) => { await dropAnswerFiles(ctx, await setup.cleanBlocks(db, userOf(req), req.body.examSubjectId)); return ok(null, '已删除'); });
  app.get('/task_allocation/block_regions', { schema: { tags, summary: '题块在答题卡上的区域（归一化页面坐标）与各页底图（最新扫描的答题卡，或空白卡的作答区域）', querystring: s.subjectQuery, response: { 200: envelope(s.blockRegionsSchema) } } },
    async (req) => ok(await region.blockRegions(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.get('/task_allocation/block_page_image', { schema: { tags, summary: '题块区域底图：该页最新扫描的答题卡（image/jpeg）', querystring: s.regionPageQuery } },
    async (req, reply) => reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=60').send(await region.pageImage(ctx, userOf(req), req.query.examSubjectId, req.query.page)));
  app.post('/task_allocation/save_block_region', { schema: { tags, summary: '保存题块区域（拖动或缩放后；region 为 null 恢复答题卡的作答区域；已开始阅卷的题块不能修改）', body: s.saveRegionBody, response: done } },
    async (req) => { await region.saveRegion(db, userOf(req), req.body); return ok(null, '保存成功'); });

  app.get('/answer/userList', { schema: { tags, summary: '可选的阅卷老师（本校教师）', querystring: s.subjectQuery, response: { 200: envelope(z.array(s.userRowSchema)) } } },
    async (req) => ok(await setup.userList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.get('/answer/leaderList', { schema: { tags, summary: '各题块的题组长', querystring: s.subjectQuery, response: { 200: envelope(z.array(s.leaderRowSchema)) } } },
    async (req) => ok(await setup.leaderList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/answer/addReader', { schema: { tags, summary: '添加阅卷老师（可设任务量上限、班级）', body: s.readerBody, response: done } },
    async (req) => { await setup.addReaders(db, userOf(req), req.body); return ok(null, '添加成功'); });
  app.get('/answer/addTeach', { schema: { tags, summary: '添加阅卷老师（同 answer/addReader，参数在查询串：blockId、userIds=1,2、quota）', querystring: s.addTeachQuery, response: done } },
    async (req) => { await setup.addReaders(db, userOf(req), req.query); return ok(null, '添加成功'); });
  app.get('/answer/exportTeachInfo', { schema: { tags, summary: '导出阅卷老师（Excel：各题块的题组长、阅卷老师、账号、任务量与阅卷班级；被拒绝时返回 JSON）', querystring: s.subjectQuery } },
    async (req, reply) => {
      const { fileName, bytes } = await exportReaders(db, userOf(req), req.query.examSubjectId);
      return sendXlsx(reply, fileName, bytes);
    });
  app.delete('/answer/delReader', { schema: { tags, summary: '移除阅卷老师（已评的分数保留）', body: s.delReaderBody, response: done } },
    async (req) => { await setup.delReader(db, userOf(req), req.body); return ok(null, '已移除'); });

  app.get('/sampling/find_all', { schema: { tags, summary: '给分点', querystring: s.subjectQuery, response: { 200: envelope(z.array(s.samplingRowSchema)) } } },
    async (req) => ok(await setup.samplingList(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/sampling/add', { schema: { tags, summary: '添加给分点', body: s.samplingAddBody, response: done } },
    async (req) => { await setup.samplingAdd(db, userOf(req), req.body); return ok(null, '添加成功'); });
  app.post('/sampling/update', { schema: { tags, summary: '修改给分点', body: s.samplingUpdateBody, response: done } },
    async (req) => { await setup.samplingUpdate(db, userOf(req), req.body); return ok(null, '修改成功'); });
  app.post('/sampling/delete_single', { schema: { tags, summary: '删除一个给分点', body: s.samplingDeleteBody, response: done } },
    async (req) => { await setup.samplingDelete(db, userOf(req), req.body); return ok(null, '删除成功'); });
  app.post('/sampling/delete_all', { schema: { tags, summary: '删除科目的全部给分点', body: s.subjectQuery, response: done } },
    async (req) => { await setup.samplingDeleteAll(db, userOf(req), req.body.examSubjectId); return ok(null, '删除成功'); });

  app.get('/monitor/topicList', { schema: { tags, summary: '阅卷监控：各科目各题块进度', querystring: s.examQuery, response: { 200: envelope(z.array(s.topicSchema)) } } },
    async (req) => ok(await setup.topicList(db, userOf(req), req.query.examId), '查询成功'));
  app.get('/monitor/markingList', { schema: { tags, summary: '阅卷监控：题块内每位老师的任务量、已阅、剩余、每小时阅卷量', querystring: s.blockQuery, response: { 200: envelope(z.array(s.markerProgressSchema)) } } },
    async (req) => ok(await setup.markingList(db, userOf(req), req.query.blockId), '查询成功'));
  app.get('/monitor/qualityList', { schema: { tags, summary: '阅卷质量：题块内每位老师及题块整体的平均分、与题块平均分之差、标准差、误差内比例、三评率、仲裁数、保险分系数', querystring: s.blockQuery, response: { 200: envelope(s.qualitySchema) } } },
    async (req) => ok(await qualityList(db, userOf(req), req.query.blockId), '查询成功'));
  app.get('/marking/monitor/export', {
    schema: { tags, summary: '导出阅卷监控（Excel：阅卷进度、阅卷质量两个工作表；被拒绝时返回 JSON）', querystring: s.examQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await exportMonitor(db, userOf(req), req.query.examId);
    return sendXlsx(reply, fileName, bytes);
  });
  app.get('/progress/find_progress', { schema: { tags, summary: '阅卷进度', querystring: s.subjectQuery, response: { 200: envelope(z.array(s.progressSchema)) } } },
    async (req) => ok(await setup.findProgress(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/progress/update_can_mark_paper', { schema: { tags, summary: '开启或暂停阅卷', body: s.canMarkBody, response: done } },
    async (req) => { await setup.updateCanMark(db, userOf(req), req.body); return ok(null, req.body.canMark ? '已开启阅卷' : '已暂停阅卷'); });
  app.post('/progress/clear_marking_data', { schema: { tags, summary: '清除阅卷数据：整个科目，或 blockId 指定的一个题块（password 为 RSA 加密的登录密码）', body: s.clearBody, response: count } },
    async (req) => ok({ count: await setup.clearMarking(db, userOf(req), req.body, (x) => ctx.cipher.decrypt(x)) }, '已清除阅卷数据'));
};

export default routes;
