import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobAcceptedSchema } from '@jz/shared/api/job';
import { exportStudentsQuery, exportTchCourseQuery, importAnswerSchema } from '@jz/shared/api/excel';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import * as service from './excel.service.js';
import { jsonWhenRefused, sendXlsx } from './excel.workbook.js';
import { IMPORT_LIMITS, type ImportLimits } from './import-limits.js';
import { readUpload } from './upload.js';
import { acceptedEnvelope, receiveUpload, runUploadJob } from '../job/upload-job.js';
import { IMPORT_STUDENTS } from './excel.jobs.js';

const tags = ['Excel 导入导出'];
const importDoc = '上传 multipart/form-data，字段名 file（.xlsx，第 1 行为模板表头）。任一行有误则全部不写入：code 400，data.errors = [{ row, column, reason }]；成功 data = { created, updated, unchanged }';
const downloadDoc = '返回 xlsx 文件（Content-Disposition: filename*=UTF-8\'\'…）；被拒绝时返回 JSON { code, msg, data }';

const NOT_MULTIPART = '请以 multipart/form-data 上传文件（字段名 file）';

/** The uploaded file (field `file`) as bytes, at most the import kind's file size (the small synchronous imports). */
async function uploaded(req: FastifyRequest, limits: ImportLimits): Promise<Buffer> {
  if (!req.isMultipart()) throw new BizError(NOT_MULTIPART);
  return readUpload(req, limits, { fieldName: 'file', missing: '请选择要上传的文件' }).then((u) => u.buffer);
}

/** pc_excel and pc_tch_course_excel: imports (multipart) and xlsx downloads. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const importResponse = { 200: envelope(importAnswerSchema) };

  app.post('/pc_excel/import_class_student', {
    config: { permission: 'school:student:import' },
    schema: {
      tags, summary: '导入学生（按学号新增或更新，列：姓名、学号、性别、学籍类型、年级、班级）',
      description: `${importDoc}。作为任务运行：未在 IMPORT_WAIT_MS（20 秒）内完成时返回 code 202，data.jobId 供 GET /jobs/{id} 查询进度与结果`,
      consumes: ['multipart/form-data'], response: { 200: envelope(z.union([importAnswerSchema, jobAcceptedSchema])) },
    },
  }, async (req) => {
    if (!req.isMultipart()) throw new BizError(NOT_MULTIPART);
    const { upload } = await receiveUpload(ctx, req, IMPORT_LIMITS.student, { fieldName: 'file', missing: '请选择要上传的文件' });
    const r = await runUploadJob(ctx, IMPORT_STUDENTS, userOf(req), upload);
    if (r.done) return ok(r.result as z.infer<typeof importAnswerSchema>, '导入成功');
    return acceptedEnvelope(r.accepted);
  });

  app.post('/pc_excel/import_teacher', {
    config: { permission: 'school:teacher:import' },
    schema: { tags, summary: '导入教师（按账号新增或更新，新账号初始密码为默认重置密码；列：姓名、账号、手机号、性别）', description: importDoc, consumes: ['multipart/form-data'], response: importResponse },
  }, async (req) => {
    const user = userOf(req);
    return ok(await service.importTeachers(db, user, await uploaded(req, IMPORT_LIMITS.teacher)), '导入成功');
  });

  app.post('/pc_tch_course_excel/import_tch_course', {
    config: { permission: 'school:duty:edit' },
    schema: { tags, summary: '导入任课关系（列：年级、班级、学科、教师账号、角色；已存在的关系计入 unchanged）', description: importDoc, consumes: ['multipart/form-data'], response: importResponse },
  }, async (req) => {
    const user = userOf(req);
    return ok(await service.importTchCourse(db, user, await uploaded(req, IMPORT_LIMITS.tchCourse)), '导入成功');
  });

  app.get('/pc_excel/export_class_stu1', {
    ...jsonWhenRefused,
    config: { permission: 'school:student:export' },
    schema: { tags, summary: '导出学生名单（classId 一个班，gradeId 一个年级，都不传为全部可见班级）', description: downloadDoc, querystring: exportStudentsQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportStudents(db, userOf(req), req.query);
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/pc_excel/export_user_teacher', {
    ...jsonWhenRefused,
    config: { permission: 'school:teacher:export' },
    schema: { tags, summary: '导出本校教师名单', description: downloadDoc },
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportTeachers(db, userOf(req));
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/pc_excel/down_teacher_template', {
    ...jsonWhenRefused,
    config: { permission: 'school:teacher:import' },
    schema: { tags, summary: '下载教师导入模板', description: downloadDoc },
  }, async (_req, reply) => {
    const { fileName, bytes } = await service.template('teacher');
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/pc_excel/down_class_stu_template', {
    ...jsonWhenRefused,
    config: { permission: 'school:student:import' },
    schema: { tags, summary: '下载学生导入模板', description: downloadDoc },
  }, async (_req, reply) => {
    const { fileName, bytes } = await service.template('student');
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/pc_tch_course_excel/down_tch_course_template', {
    ...jsonWhenRefused,
    config: { permission: 'school:duty:edit' },
    schema: { tags, summary: '下载任课关系导入模板', description: downloadDoc },
  }, async (_req, reply) => {
    const { fileName, bytes } = await service.template('tchCourse');
    return sendXlsx(reply, fileName, bytes);
  });

  app.get('/pc_tch_course_excel/export_tch_course', {
    ...jsonWhenRefused,
    config: { permission: 'school:duty:view' },
    schema: { tags, summary: '导出任课关系（gradeId 一个年级，不传为全部可见年级）', description: downloadDoc, querystring: exportTchCourseQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportTchCourse(db, userOf(req), req.query.gradeId);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
