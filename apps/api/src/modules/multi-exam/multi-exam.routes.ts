import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { querySettingQuery, rollBackSettingBody, settingIdParams, settingListSchema, updateSettingBody } from '@jz/shared/api/exam-setting';
import {
  multiExamQuery, multiRoomQuery, multiRoomsSchema, multiSettingSchema, multiStudentPageSchema, multiStudentQuery, multiStudentsBody,
  multiSummaryQuery, multiSummarySchema,
} from '@jz/shared/api/multi-exam';
import { importAnswerSchema } from '@jz/shared/api/excel';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import { jsonWhenRefused, sendXlsx } from '../excel/excel.workbook.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { readUpload } from '../excel/upload.js';
import { importStudents } from './multi-exam-import.service.js';
import * as service from './multi-exam.service.js';
import * as students from './multi-exam-student.service.js';

/**
 * 多科考试管理 and 联考分析管理 (multi_exam/*), multiExamConfig (systemConfig of a 多科 exam) and exam_student_multi
 * (its candidates with their subjects); contract @jz/shared/api/multi-exam. Every route needs exam:exam:view; the
 * services check the exam (its school, or a joint exam the caller's school takes part in) and editing rights.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:exam:view' };
  const tags = ['多科考试管理'];
  const settings = { 200: envelope(settingListSchema.nullable()) };

  app.get('/multi_exam/setting', {
    config, schema: { tags, summary: '多科考试设置：科目、满分、考试日期、参考人数、是否计入总分、科目组合与参考学校', querystring: multiExamQuery, response: { 200: envelope(multiSettingSchema.nullable()) } },
  }, async (req) => ok(await service.multiSetting(db, userOf(req), req.query.examId), '查询成功'));
  app.get('/multi_exam/summary', {
    config, schema: { tags, summary: '成绩汇总：各班、各校与全部考生每科的考生、已录入、缺考、未录入人数，以及学生各科成绩与总分（分页）', querystring: multiSummaryQuery, response: { 200: envelope(multiSummarySchema.nullable()) } },
  }, async (req) => ok(await service.summary(db, userOf(req), req.query), '查询成功'));
  app.get('/multi_exam/summary_export', {
    config, schema: { tags, summary: '导出成绩汇总（Excel：学生成绩、录入情况两张表）', querystring: multiSummaryQuery.omit({ current: true, size: true }) }, ...jsonWhenRefused,
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportSummary(db, userOf(req), { ...req.query, current: 1, size: 1 });
    return sendXlsx(reply, fileName, bytes);
  });
  app.get('/multi_exam/rooms', {
    config, schema: { tags, summary: '考场列表：各考场（联考按学校）的座号、考号、姓名、班级与所考科目', querystring: multiRoomQuery, response: { 200: envelope(multiRoomsSchema.nullable()) } },
  }, async (req) => ok(await service.rooms(db, userOf(req), req.query.examId, req.query.schoolId), '查询成功'));

  app.get('/multiExamConfig/query', {
    config, schema: { tags, summary: '多科考试的全部分析设置（同 systemConfig/query；联考只有组织方可查看）', querystring: querySettingQuery, response: settings },
  }, async (req) => ok(await students.queryConfig(db, userOf(req), req.query.examId, req.query.courseCode), '查询成功'));
  app.post('/multiExamConfig/update', {
    config, schema: { tags, summary: '保存多科考试的一类分析设置（分组、分数段、上线分数线、比率、名次段、五率、学业等级等）', body: updateSettingBody, response: settings },
  }, async (req) => ok(await students.updateConfig(db, userOf(req), req.body as Parameters<typeof students.updateConfig>[2]), '保存成功'));
  app.post('/multiExamConfig/rollBackDefault', {
    config, schema: { tags, summary: '多科考试的一类设置恢复默认', body: rollBackSettingBody, response: settings },
  }, async (req) => ok(await students.rollBackConfig(db, userOf(req), req.body), '已恢复默认'));
  app.post('/multiExamConfig/reset/:id', {
    config, schema: { tags, summary: '按设置 id 恢复多科考试的一类设置为默认', params: settingIdParams, response: settings },
  }, async (req) => ok(await students.resetConfig(db, userOf(req), req.params.id), '已恢复默认'));

  app.get('/exam_student_multi/find_page', {
    config, schema: { tags, summary: '多科考试的考生及其所考科目（可按班级、姓名或考号筛选）', querystring: multiStudentQuery, response: { 200: envelope(multiStudentPageSchema.nullable()) } },
  }, async (req) => ok(await students.findPage(db, userOf(req), req.query), '查询成功'));
  const count = { 200: envelope(z.object({ count: z.number() }).nullable()) };
  app.post('/exam_student_multi/add', {
    config, schema: { tags, summary: '让所选考生参加所选科目（发布前）', body: multiStudentsBody, response: count },
  }, async (req) => ok({ count: await students.setTaking(db, userOf(req), req.body, true) }, '已加入科目'));
  app.post('/exam_student_multi/remove', {
    config, schema: { tags, summary: '把所选考生移出所选科目（已有答题卡、成绩或缺考记录的不能移出；全部成功或全部不变）', body: multiStudentsBody, response: count },
  }, async (req) => ok({ count: await students.setTaking(db, userOf(req), req.body, false) }, '已移出科目'));
  app.post('/exam_student_multi/import', {
    config, schema: {
      tags, summary: '导入多科考试的考生所考科目（导出的名单填写：考号，各科 考 或 不考，留空不变；有误的行全部列出，不写入任何数据）',
      querystring: multiExamQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswerSchema) },
    },
  }, async (req) => ok(await importStudents(db, userOf(req), req.query.examId, async () => {
    if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传文件（字段名 file）');
    return (await readUpload(req, IMPORT_LIMITS.student, { fieldName: 'file', missing: '请选择要上传的文件' })).buffer;
  }), '导入成功'));
  app.get('/exam_student_multi/export', {
    config, schema: { tags, summary: '导出多科考试的考生名单与所考科目（Excel）', querystring: multiStudentQuery.omit({ current: true, size: true }) }, ...jsonWhenRefused,
  }, async (req, reply) => {
    const { fileName, bytes } = await students.exportStudents(db, userOf(req), req.query);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
