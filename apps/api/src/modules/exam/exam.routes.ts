import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addExamBody, arrangeRoomsBody, arrangeRoomsResult, copySubjectBody, examIdQuery, examPageSchema, examSchema, examSchoolSchema,
  examStudentPageSchema, examStudentSchema, findExamQuery, findExamStudentQuery, idBody, questionGroupListSchema,
  questionTemplateSchema, saveGroupBody, setReferenceBody, saveKnowledgeBody, saveQuestionsBody, subjectQuery, transferSubjectBody,
  updateExamStudentBody,
} from '@jz/shared/api/exam';
import { copyExamBody, copyPreviewSchema } from '@jz/shared/api/exam-copy';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './exam.service.js';
import { dropAnswerFiles } from '../marking/marking-answer.service.js';
import * as students from './exam-student.service.js';
import * as questions from './exam-question.service.js';
import * as knowledge from './exam-knowledge.service.js';
import * as groups from './exam-group.service.js';
import * as copy from './exam-copy.service.js';

const tags = ['考试管理'];

/**
 * exam_manage (exams), exam_student (考场编排), question_template (小题设置), question_group (题组).
 * Grade-level edits need exam:exam:edit (school administrator or the grade's leader); subject-level edits are
 * also open to the subject's lesson leader (checked in the service). Refusals carry data null, hence nullable().
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };

  app.get('/exam_manage/find_exam_by_page', {
    config: view,
    schema: { tags, summary: '考试列表（分页；可按名称、考试类型、年级、状态筛选；含科目、人数、步骤状态 1–4 与进度）', querystring: findExamQuery, response: { 200: envelope(examPageSchema.nullable()) } },
  }, async (req) => ok(await service.findExamPage(db, userOf(req), req.query), '查询成功'));

  app.get('/exam_manage/find_exam', {
    config: view,
    schema: { tags, summary: '一场考试的详情', querystring: examIdQuery, response: { 200: envelope(examSchema.nullable()) } },
  }, async (req) => ok(await service.getExam(db, userOf(req), req.query.examId), '查询成功'));

  app.post('/exam_manage/add_single_exam', {
    config: edit,
    schema: { tags, summary: '新建单科考试（subjects 只能一项；考生为所选班级的全部在读学生，考号默认学号）', body: addExamBody, response: { 200: envelope(examSchema.nullable()) } },
  }, async (req) => ok(await service.addExam(db, userOf(req), req.body, 'single'), '创建成功'));

  app.post('/exam_manage/add_multipart_exam', {
    config: edit,
    schema: { tags, summary: '新建多科考试（考生为所选班级的全部在读学生，考号默认学号，座号按班级内学号顺序编排）', body: addExamBody, response: { 200: envelope(examSchema.nullable()) } },
  }, async (req) => ok(await service.addExam(db, userOf(req), req.body, 'multi'), '创建成功'));

  app.post('/exam_manage/delete_exam_paper', {
    config: edit,
    schema: { tags, summary: '删除考试（含科目、小题、考生与成绩；已发布的考试不能删除）', body: idBody, response: { 200: envelope(z.null()) } },
  }, async (req) => { await dropAnswerFiles(ctx, await service.deleteExam(db, userOf(req), req.body.id)); return ok(null, '删除成功'); });

  app.post('/exam_manage/copy_subject', {
    config: view,
    schema: { tags, summary: '复制小题设置：把一个考试科目的小题、答案、题组与知识点复制到另一个满分相同的考试科目（覆盖目标科目的小题）', body: copySubjectBody, response: { 200: envelope(questionTemplateSchema.nullable()) } },
  }, async (req) => ok(await service.copySubject(db, userOf(req), req.body.fromExamSubjectId, req.body.toExamSubjectId), '复制成功'));

  app.post('/exam_manage/transfer_subject', {
    config: edit,
    schema: { tags, summary: '转移科目：把一个尚无成绩的考试科目（含小题与该科设置）移到同年级另一场未发布的考试', body: transferSubjectBody, response: { 200: envelope(examSchema.nullable()) } },
  }, async (req) => ok(await service.transferSubject(db, userOf(req), req.body.examSubjectId, req.body.targetExamId), '转移成功'));

  app.post('/exam_manage/set_reference_exam', {
    config: edit,
    schema: { tags, summary: '设置参照考试（进退步比较用，benchMarkExamPaper）；referenceExamId 为 null 则清除', body: setReferenceBody, response: { 200: envelope(examSchema.nullable()) } },
  }, async (req) => ok(await service.setReferenceExam(db, userOf(req), req.body.examId, req.body.referenceExamId), '设置成功'));

  app.post('/exam_manage/synchronize_preview', {
    config: view,
    schema: { tags, summary: '复制考试设置预览：把源考试的分析设置和/或各科小题与答案复制到目标考试时，每项的源值、目标现值、是否改变，以及不能复制的原因', body: copyExamBody, response: { 200: envelope(copyPreviewSchema.nullable()) } },
  }, async (req) => ok(await copy.previewCopy(db, userOf(req), req.body), '查询成功'));

  app.post('/exam_manage/synchronize_exam', {
    config: view,
    schema: { tags, summary: '复制考试设置（一个事务；目标考试须可编辑；有成绩的科目、满分不同的科目不复制小题；没有可改变的内容时拒绝）', body: copyExamBody, response: { 200: envelope(copyPreviewSchema.nullable()) } },
  }, async (req) => { const r = await copy.copyExam(db, userOf(req), req.body); return ok(r.preview, r.msg); });

  app.get('/exam_manage/get_exam_school', {
    config: view,
    schema: { tags, summary: '考试的参考学校（单校考试为本校）及考生数、班级数', querystring: examIdQuery, response: { 200: envelope(examSchoolSchema.nullable()) } },
  }, async (req) => ok(await service.getExamSchool(db, userOf(req), req.query.examId), '查询成功'));

  // ---- exam_student
  app.get('/exam_student/find_page', {
    config: view,
    schema: { tags, summary: '考生名单（分页；可按班级、考场、姓名或考号筛选；教师只见可见班级）', querystring: findExamStudentQuery, response: { 200: envelope(examStudentPageSchema.nullable()) } },
  }, async (req) => ok(await students.findExamStudents(db, userOf(req), req.query), '查询成功'));

  app.post('/exam_student/update', {
    config: edit,
    schema: { tags, summary: '修改考生的考号、考场、座号（发布后不能改考号）', body: updateExamStudentBody, response: { 200: envelope(examStudentSchema.nullable()) } },
  }, async (req) => ok(await students.updateExamStudent(db, userOf(req), req.body), '修改成功'));

  app.post('/exam_student/arrange_rooms', {
    config: edit,
    schema: { tags, summary: '按班级顺序（班内按学号）编排考场与座号，每考场 perRoom 人', body: arrangeRoomsBody, response: { 200: envelope(arrangeRoomsResult.nullable()) } },
  }, async (req) => ok(await students.arrangeRooms(db, userOf(req), req.body.examId, req.body.perRoom, req.body.prefix), '编排成功'));

  // ---- question_template
  app.get('/question_template/find', {
    config: view,
    schema: { tags, summary: '一个考试科目的小题设置与题组', querystring: subjectQuery, response: { 200: envelope(questionTemplateSchema.nullable()) } },
  }, async (req) => ok(await questions.findQuestions(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.post('/question_template/save', {
    config: view,
    schema: {
      tags,
      summary: '保存小题设置（整体替换，按题号保留原题）。校验：题号不重复；满分大于 0 且为步长整数倍；客观题答案合法；小题满分之和等于科目满分',
      body: saveQuestionsBody,
      response: { 200: envelope(questionTemplateSchema.nullable()) },
    },
  }, async (req) => {
    const user = userOf(req);
    const { cleared } = await questions.saveQuestions(db, user, req.body.examSubjectId, req.body.questions, req.body.clearScores);
    return ok(await questions.findQuestions(db, user, req.body.examSubjectId), cleared ? '保存成功，该科目原有成绩已清除，请重新导入' : '保存成功');
  });

  app.post('/question_template/save_knowledge', {
    config: view,
    schema: { tags, summary: '保存小题的知识点', body: saveKnowledgeBody, response: { 200: envelope(questionTemplateSchema.nullable()) } },
  }, async (req) => ok(await knowledge.saveKnowledge(db, userOf(req), req.body.examSubjectId, req.body.items), '保存成功'));

  // ---- question_group
  app.get('/question_group/find', {
    config: view,
    schema: { tags, summary: '一个考试科目的题组', querystring: subjectQuery, response: { 200: envelope(questionGroupListSchema.nullable()) } },
  }, async (req) => ok(await groups.findGroups(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.post('/question_group/save', {
    config: view,
    schema: { tags, summary: '新建或修改题组（id 为空则新建）；questionIds 为该组的全部小题', body: saveGroupBody, response: { 200: envelope(questionGroupListSchema.nullable()) } },
  }, async (req) => ok(await groups.saveGroup(db, userOf(req), req.body), '保存成功'));

  app.post('/question_group/delete', {
    config: view,
    schema: { tags, summary: '删除题组（其小题不再属于任何题组）', body: idBody, response: { 200: envelope(questionGroupListSchema.nullable()) } },
  }, async (req) => ok(await groups.deleteGroup(db, userOf(req), req.body.id), '删除成功'));
};
export default routes;
