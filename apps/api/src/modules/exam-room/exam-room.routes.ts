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
import type { SchoolUser } from '../exam/exam.access.js';
import * as service from './exam-room.service.js';

/**
 * 选择考生名单 (exam_subject_student) and 考场编排 (exam_room); contract @jz/shared/api/exam-room. Reading needs
 * exam:exam:view; the subject's list can be changed by whoever may edit the subject (备课组长 included, checked in the
 * service), so those routes name exam:exam:view too; rooms are the exam's and need exam:exam:edit.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view: { permission: string } = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };
  const count = { 200: envelope(z.object({ count: z.number() }).nullable()) };
  const tags = ['考生名单与考场'];

  /** A read of the exam or subject: querystring in, the service's answer out as 查询成功. */
  const read = <Q extends z.ZodType, R extends z.ZodType>(url: string, summary: string, querystring: Q, data: R, run: (user: SchoolUser, q: z.infer<Q>) => Promise<unknown>) =>
    // registered untyped: the zod schemas still check request and reply at run time (the app's compilers)
    base.get(url, { config: view, schema: { tags, summary, querystring, response: { 200: envelope(data.nullable()) } } },
      async (req) => ok(await run(userOf(req), req.query as z.infer<Q>), '查询成功'));
  /** A command: body in, `{ count }` (or the service's answer) out with its message. */
  const command = <B extends z.ZodType>(url: string, config: typeof view, summary: string, body: B, response: object, message: string, run: (user: SchoolUser, b: z.infer<B>) => Promise<unknown>) =>
    base.post(url, { config, schema: { tags, summary, body, response } }, async (req) => ok(await run(userOf(req), req.body as z.infer<B>), message));
  const counted = (run: (user: SchoolUser, b: z.infer<typeof subjectStudentsBody>) => Promise<number>) =>
    async (user: SchoolUser, b: z.infer<typeof subjectStudentsBody>) => ({ count: await run(user, b) });

  read('/exam_subject_student/find_page', '考试科目的考生名单（是否参加本科目；可按班级、姓名或考号、是否参加筛选）与人数', subjectStudentQuery, subjectStudentPageSchema,
    (user, q) => service.subjectStudents(db, user, q));
  command('/exam_subject_student/remove', view, '把考生移出本科目（已有答题卡、成绩或缺考记录的不能移出）', subjectStudentsBody, count, '已移出本科目',
    counted((user, b) => service.removeStudents(db, user, b.examSubjectId, b.examStudentIds)));
  command('/exam_subject_student/add', view, '把考试的考生加回本科目', subjectStudentsBody, count, '已加入本科目',
    counted((user, b) => service.addStudents(db, user, b.examSubjectId, b.examStudentIds)));
  read('/exam_subject_student/grade_candidates', '本年级在读、尚未参加本次考试的学生（从年级导入）', gradeCandidateQuery, z.array(gradeCandidateSchema),
    (user, q) => service.gradeCandidates(db, user, q));
  command('/exam_subject_student/add_from_grade', view, '从年级导入学生：加入考试（考号 = 学号），只参加本科目', importStudentsBody, count, '导入成功',
    async (user, b) => ({ count: await service.importStudents(db, user, b.examSubjectId, b.studentIds) }));

  read('/exam_room/list', '考试的考场（容量、已安排人数）与未安排考场的考生数', examRoomQuery, examRoomListSchema, (user, q) => service.roomList(db, user, q.examId));
  const rooms = { 200: envelope(examRoomListSchema.nullable()) };
  command('/exam_room/save', edit, '保存考场及容量（按顺序；替换原有考场设置）', saveRoomsBody, rooms, '保存成功', (user, b) => service.saveRooms(db, user, b.examId, b.rooms));
  command('/exam_room/arrange', edit, '编排考场与座号：按班级顺序（班内按学号）或按种子随机，依次排满各考场', arrangeRoomsBody, { 200: envelope(arrangeResultSchema.nullable()) }, '编排成功',
    (user, b) => service.arrange(db, user, b));
  app.get('/exam_room/export', {
    config: edit,
    schema: { tags, summary: '导出考场安排（Excel：考场、座号、考号、姓名、班级）', querystring: examRoomQuery },
  }, async (req, reply) => {
    const { fileName, bytes } = await service.exportSeating(db, userOf(req), req.query.examId);
    return sendXlsx(reply, fileName, bytes);
  });
};
export default routes;
