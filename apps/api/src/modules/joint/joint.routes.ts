import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addJointExamBody, anonymiseBody, confirmClassesBody, examAddUserBody, examIdBody, inviteSchoolsBody, jointExamSchema, jointPageQuery,
  registrationCodeParams, registrationLookupSchema, setScoringBody,
} from '@jz/shared/api/joint';
import { examIdQuery } from '@jz/shared/api/exam';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as svc from './joint.service.js';
import { invitableSchools } from './joint.repository.js';

/** Joint exams (联考): the organiser's exam, invitations, joining by registration code, classes, withdrawal. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['联考'];
  const view = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };
  const one = { 200: envelope(jointExamSchema) };
  app.post('/joint_exam/add', {
    config: edit,
    schema: { tags, summary: '组织方（教育局或牵头学校管理员）新建联考：科目与满分，可同时邀请学校；自动生成注册码', body: addJointExamBody, response: one },
  }, async (req) => ok(await svc.createJointExam(db, userOf(req), req.body), '联考创建成功'));
  app.get('/joint_exam/find_page', {
    config: view,
    schema: { tags, summary: '本单位组织或参加的联考（已退出的也列出）', querystring: jointPageQuery, response: { 200: envelope(z.object({ records: z.array(jointExamSchema), total: z.number(), current: z.number(), size: z.number() })) } },
  }, async (req) => ok(await svc.pageJointExams(db, userOf(req), req.query)));
  app.get('/joint_exam/detail', {
    config: view,
    schema: { tags, summary: '联考详情与各校进度（参考人数、已扫描答卷、阅卷进度、成绩完成量）；其他学校按组织方设置显示校名或 学校A…', querystring: examIdQuery, response: one },
  }, async (req) => ok(await svc.getJointExam(db, userOf(req), req.query.examId)));
  app.get('/joint_exam/school_options', {
    config: edit,
    schema: { tags, summary: '组织方可邀请的学校（开启的学校，不含教育局）', response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string(), area: z.string() }))) } },
  }, async (req) => { svc.assertAdminOf(userOf(req)); return ok(await invitableSchools(db, userOf(req).schoolId)); });
  app.post('/joint_exam/invite', {
    config: edit,
    schema: { tags, summary: '组织方邀请学校参加联考', body: inviteSchoolsBody, response: one },
  }, async (req) => ok(await svc.inviteSchools(db, userOf(req), req.body.examId, req.body.schoolIds), '邀请成功'));
  app.post('/joint_exam/accept', {
    config: edit,
    schema: { tags, summary: '学校接受联考邀请（退出后也可重新加入）', body: examIdBody, response: one },
  }, async (req) => ok(await svc.joinExam(db, userOf(req), { examId: req.body.examId }), '已加入联考'));
  app.post('/joint_exam/confirm_classes', {
    config: edit,
    schema: { tags, summary: '学校确认参考班级：本校考生按统一考号（学校2位+班级2位+座号3位）列入联考；已有成绩后不能修改', body: confirmClassesBody, response: one },
  }, async (req) => ok(await svc.confirmClasses(db, userOf(req), req.body.examId, req.body.classIds), '参考班级已确认'));
  app.post('/joint_exam/withdraw', {
    config: edit,
    schema: { tags, summary: '学校退出联考（本校考生还没有成绩时）', body: examIdBody, response: one },
  }, async (req) => ok(await svc.withdraw(db, userOf(req), req.body.examId), '已退出联考'));
  app.post('/joint_exam/set_anonymous', {
    config: edit,
    schema: { tags, summary: '组织方设置其他学校对各校显示为校名或 学校A、学校B…', body: anonymiseBody, response: one },
  }, async (req) => ok(await svc.setAnonymise(db, userOf(req), req.body.examId, req.body.anonymiseSchools), '设置成功'));
  app.post('/joint_exam/set_scoring', {
    config: edit,
    schema: { tags, summary: '组织方按科目选择评分方式：学校导入（各校导入本校考生成绩）、各校阅卷（各校扫描并由本校教师阅卷）或混合阅卷', body: setScoringBody, response: one },
  }, async (req) => ok(await svc.setScoring(db, userOf(req), req.body), '设置成功'));
  app.get('/joint_exam/find_by_code/:registrationCode', {
    config: view,
    schema: { tags, summary: '按注册码查联考（加入前确认）', params: registrationCodeParams, response: { 200: envelope(registrationLookupSchema) } },
  }, async (req) => ok(await svc.lookupCode(db, userOf(req), req.params.registrationCode)));
  app.post('/teach/user/examAddUser', {
    config: edit,
    schema: { tags, summary: '学校凭注册码加入联考', body: examAddUserBody, response: one },
  }, async (req) => ok(await svc.joinExam(db, userOf(req), { code: req.body.registrationCode }), '已加入联考'));
};
export default routes;
