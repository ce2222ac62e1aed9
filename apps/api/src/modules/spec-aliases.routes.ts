import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enableUserBody, myCourseData, resetPwdBody, userProfile } from '@jz/shared/api/personal';
import { querySettingQuery, settingFamilySchema, settingListSchema, type SettingFamily } from '@jz/shared/api/exam-setting';
import { groupGSchema, overviewSchema, paperSchema, reportQuery } from '@jz/shared/api/report';
import { findScoreQuery, studentScoreSchema } from '@jz/shared/api/score';
import type { ModuleRoutes } from './module-routes.js';
import { envelope, ok } from '../core/http.js';
import { userOf } from '../core/auth.js';
import * as settings from './exam-setting/exam-setting.service.js';
import { findMyCourseData, findUserInfo, resetPwd, setUsersStatus } from './personal/personal.service.js';
import * as report from './report/report.service.js';
import { findStudentScores } from './score/score.service.js';

/**
 * The spec's §7 paths that name a service already served under another path: each alias calls the same service
 * with the same permission. Which family each analysis-settings path names: docs/DECISIONS.md (API paths).
 */
const id = z.coerce.number().int().positive().max(2147483647);
const idParams = z.object({ id });
const courseCode = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).max(20).optional());

/** delete<Name>/{settingId} and rollBackDefault<Name>/{examId} of the analysis settings, by the spec's names. */
export const SETTING_PATH_FAMILIES: Record<string, SettingFamily> = {
  Rate: 'rates',
  ScoreRange: 'scoreSegment',
  RankRange: 'rankSegment',
  NRankRange: 'nRank',
  StudyLevel: 'studyLevel',
  // 等级赋分 is computed from the 学业等级 shares and score bands: one setting serves both.
  LevelAssignScore: 'studyLevel',
  CollegeLine: 'onlineLines',
};

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tagsP = ['个人中心'];
  const tagsS = ['考试分析设置'];
  const view = { permission: 'exam:exam:view' };
  const list = { 200: envelope(settingListSchema.nullable()) };

  // Personal family at the spec's bare paths (also served under pc_personal/).
  app.get('/find_user_info', { schema: { tags: tagsP, summary: '本人资料（同 pc_personal/find_user_info）', response: { 200: envelope(userProfile.nullable()) } } },
    async (req) => ok(await findUserInfo(ctx, userOf(req))));
  app.get('/find_my_course_data', { schema: { tags: tagsP, summary: '本人角色及所辖年级、班级、学科（同 pc_personal/find_my_course_data）', response: { 200: envelope(myCourseData.nullable()) } } },
    async (req) => ok(await findMyCourseData(ctx, userOf(req))));
  app.post('/reset_pwd', { config: { permission: 'system:user:edit' }, schema: { tags: tagsP, summary: '管理员重置本校用户密码（同 pc_personal/reset_pwd）', body: resetPwdBody, response: { 200: envelope(z.null()) } } },
    async (req) => ok(null, await resetPwd(ctx, userOf(req), req.body.userId, req.body.password)));
  app.post('/enable_user', { config: { permission: 'system:user:edit' }, schema: { tags: tagsP, summary: '启用/禁用本校用户（同 pc_personal/enable_user）', body: enableUserBody, response: { 200: envelope(z.null()) } } },
    async (req) => { await setUsersStatus(ctx, userOf(req), [req.body.userId], req.body.status); return ok(null, req.body.status === 1 ? '已启用' : '已禁用'); });

  // Analysis settings family (systemConfig under the spec's other names).
  app.get('/queryExamGradeCourse/:id', {
    config: view,
    schema: { tags: tagsS, summary: '考试各科目的分科设置（四率、分数段、临界分、学业等级；id 为考试 id）', params: idParams,
      response: { 200: envelope(z.object({ examId: z.number(), gradeId: z.number(), courses: z.array(z.object({ courseCode: z.string(), items: settingListSchema.shape.items })) }).nullable()) } },
  }, async (req) => ok(await settings.queryCourseSettings(db, userOf(req), req.params.id), '查询成功'));
  app.get('/queryConfigExamGradeInfo', { config: view, schema: { tags: tagsS, summary: '考试的全部分析设置（同 systemConfig/query）', querystring: querySettingQuery, response: list } },
    async (req) => ok(await settings.querySettings(db, userOf(req), req.query.examId, req.query.courseCode), '查询成功'));
  app.post('/updateExamGrade', {
    config: view,
    schema: { tags: tagsS, summary: '保存一类分析设置（同 systemConfig/update）', body: z.object({ examId: id, courseCode, family: settingFamilySchema, value: z.unknown() }), response: list },
  }, async (req) => ok(await settings.updateSetting(db, userOf(req), req.body as Parameters<typeof settings.updateSetting>[2]), '保存成功'));
  app.post('/updateExamGradeRate/:id', {
    config: view,
    schema: { tags: tagsS, summary: '保存考试（或带 courseCode 的科目）的四率/五率设置；id 为考试 id', params: idParams, body: z.object({ courseCode, value: z.unknown() }), response: list },
  }, async (req) => ok(await settings.updateSetting(db, userOf(req), { examId: req.params.id, courseCode: req.body.courseCode, family: 'rates', value: req.body.value }), '保存成功'));
  app.post('/insertOrUpdateGradeGroupCourse/:id', {
    config: view,
    schema: { tags: tagsS, summary: '保存考试的科目组合（总分由哪些科目组成）；id 为考试 id', params: idParams, body: z.object({ value: z.unknown() }), response: list },
  }, async (req) => ok(await settings.updateSetting(db, userOf(req), { examId: req.params.id, family: 'subjectCombos', value: req.body.value }), '保存成功'));
  app.post('/initSystemConfig', {
    config: view,
    schema: { tags: tagsS, summary: '为考试写入当前默认设置（已保存的设置不变）', body: z.object({ examId: id }), response: list },
  }, async (req) => ok(await settings.initSettings(db, userOf(req), req.body.examId), '初始化成功'));
  for (const [name, family] of Object.entries(SETTING_PATH_FAMILIES)) {
    app.post(`/delete${name}/:id`, {
      config: view,
      schema: { tags: tagsS, summary: `删除一条已保存的设置（${family}；id 为查询结果中的设置 id），即恢复默认`, params: idParams, response: list },
    }, async (req) => ok(await settings.deleteById(db, userOf(req), req.params.id, family), '已删除'));
    app.post(`/rollBackDefault${name}/:id`, {
      config: view,
      schema: { tags: tagsS, summary: `恢复默认（${family}；id 为考试 id，带 courseCode 时恢复该科目）`, params: idParams, body: z.object({ courseCode }).optional(), response: list },
    }, async (req) => ok(await settings.rollBack(db, userOf(req), { examId: req.params.id, courseCode: req.body?.courseCode, family }), '已恢复默认'));
  }

  app.get('/exam_manage/querySynchronizeExam', {
    config: view,
    schema: { tags: ['考试管理'], summary: '可同步设置的同年级其他考试（新近在前）', querystring: z.object({ examId: id }),
      response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string(), examType: z.number(), startDate: z.string() })).nullable()) } },
  }, async (req) => ok(await settings.synchronizableExams(db, userOf(req), req.query.examId)));

  // Reports under the spec's other names.
  const rview = { permission: 'report:report:view' };
  app.get('/gradeExamReportSummary', { config: rview, schema: { tags: ['分析报告'], summary: '数据概览（同 report_home）', querystring: reportQuery, response: { 200: envelope(overviewSchema.nullable()) } } },
    async (req) => ok(report.overview(await report.contextFor(db, userOf(req), req.query)), '查询成功'));
  app.get('/groupGAnalysis', { config: rview, schema: { tags: ['分析报告'], summary: 'G 组分析（同 report/groupG）', querystring: reportQuery, response: { 200: envelope(groupGSchema.nullable()) } } },
    async (req) => ok(report.groupG(await report.contextFor(db, userOf(req), req.query)), '查询成功'));
  app.get('/question/report', { config: rview, schema: { tags: ['分析报告'], summary: '小题分析（同 paperAnalysis/paper）', querystring: reportQuery, response: { 200: envelope(paperSchema.nullable()) } } },
    async (req) => ok(report.paper(await report.contextFor(db, userOf(req), req.query)), '查询成功'));
  app.get('/question/scores', { config: view, schema: { tags: ['成绩管理'], summary: '一名考生各科的小题得分（同 question_score/find）', querystring: findScoreQuery, response: { 200: envelope(studentScoreSchema.nullable()) } } },
    async (req) => ok(await findStudentScores(db, userOf(req), req.query.examId, req.query.examStudentId), '查询成功'));
};
export default routes;
