import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arrangeResultSchema, arrangeRoomsBody, examRoomListSchema, examRoomQuery, gradeCandidateQuery, gradeCandidateSchema, importStudentsBody,
  saveRoomsBody, subjectStudentPageSchema, subjectStudentQuery, subjectStudentsBody,
} from '@jz/shared/api/exam-room';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { sendXlsx } from '../excel/excel.workbook.js';
import * as service from './exam-room.service.js';

/**
 * 选择考生名单 (exam_subject_student) and 考场编排 (exam_room); contract @jz/shared/api/exam-room. Reading needs
 * exam:exam:view; the subject's list can be changed by whoever may edit the subject (备课组长 included, checked in the
 * service), so those routes name exam:exam:view too; rooms are the exam's and need exam:exam:edit.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };
  const count = { 200: envelope(z.object({ count: z.number() }).nullable()) };
  const tags = ['考生名单与考场'];

  app.get('/exam_subject_student/find_page', {
    config: view,
    schema: { tags, summary: '考试科目的考生名单（是否参加本科目；可按班级、姓名或考号、是否参加筛选）与人数', querystring: subjectStudentQuery, response: { 200: envelope(subjectStudentPageSchema.nullable()) } },
  }, async (req) => ok(await service.subjectStudents(db, userOf(req), req.query), '查询成功'));
  app.post('/exam_subject_student/remove', {
    config: view,
    schema: { tags, summary: '把考生移出本科目（已有答题卡、成绩或缺考记录的不能移出）', body: subjectStudentsBody, response: count },
  }, async (req) => ok({ count: await service.removeStudents(db, userOf(req), req.body.examSubjectId, req.body.examStudentIds) }, '已移出本科目'));
  app.post('/exam_subject_student/add', {
    config: view,
    schema: { tags, summary: '把考试的考生加回本科目', body: subjectStudentsBody, response: count },
  }, async (req) => ok({ count: await service.addStudents(db, userOf(req), req.body.examSubjectId, req.body.examStudentIds) }, '已加入本科目'));
  app.get('/exam_subject_student/grade_candidates', {
    config: view,
    schema: { tags, summary: '本年级在读、尚未参加本次考试的学生（从年级导入）', querystring: gradeCandidateQuery, response: { 200: envelope(z.array(gradeCandidateSchema).nullable()) } },
  }, async (req) => ok(await service.gradeCandidates(db, userOf(req), req.query), '查询成功'));
  app.post('/exam_subject_student/add_from_grade', {
    config: view,
    schema: { tags, summary: '从年级导入学生：加入考试（考号 = 学号），只参加本科目', body: importStudentsBody, response: count },
  }, async (req) => ok({ count: await service.importStudents(db, userOf(req), req.body.examSubjectId, req.body.studentIds) }, '导入成功'));

  app.get('/exam_room/list', {
    config: view,
    schema: { tags, summary: '考试的考场（容量、已安排人数）与未安排考场的考生数', querystring: examRoomQuery, response: { 200: envelope(examRoomListSchema.nullable()) } },
  }, async (req) => ok(await service.roomList(db, userOf(req), req.query.examId), '查询成功'));
  app.post('/exam_room/save', {
    config: edit,
    schema: { tags, summary: '保存考场及容量（按顺序；替换原有考场设置）', body: saveRoomsBody, response: { 200: envelope(examRoomListSchema.nullable()) } },
  }, async (req) => ok(await service.saveRooms(db, userOf(req), req.body.examId, req.body.rooms), '保存成功'));
  app.post('/exam_room/arrange', {
    config: edit,
    schema: { tags, summary: '编排考场与座号：按班级顺序（班内按学号）或按种子随机，依次排满各考场', body: arrangeRoomsBody, response: { 200: envelope(arrangeResultSchema.nullable()) } },
  }, async (req) => ok(await service.arrange(db, userOf(req), req.body), '编排成功'));
  app.get('/exam_room/export', {
    config: edit,
    schema: { tags, summary: '导出考场安排（Excel：考场、座号、考号、姓名、班级）', querystring: examRoomQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportSeating(db, userOf(req), req.query.examId);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
