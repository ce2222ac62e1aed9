import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.js';
import auth from './auth/auth.routes.js';
import personal from './personal/personal.routes.js';
import users from './users/users.routes.js';
import schoolGrade from './school-grade/school-grade.routes.js';
import schoolYear from './school-year/school-year.routes.js';
import schoolClass from './school-class/school-class.routes.js';
import student from './student/student.routes.js';
import teacher from './teacher/teacher.routes.js';
import tchCourse from './tch-course/tch-course.routes.js';
import excel from './excel/excel.routes.js';
import exam from './exam/exam.routes.js';
import examSetting from './exam-setting/exam-setting.routes.js';
import score from './score/score.routes.js';
import admin from './admin/admin.routes.js';
import adminAuth from './auth/admin-auth.routes.js';
import studentPortal from './student-portal/student-portal.routes.js';
import release from './release/release.routes.js';
import correction from './correction/correction.routes.js';
import report from './report/report.routes.js';
import studentReport from './report/student-report.routes.js';
import render from './render/render.routes.js';
import card from './card/card.routes.js';
import painting from './card/painting.routes.js';
import rankSetting from './student-portal/rank-setting.routes.js';
import externalLogin from './external-login/external-login.routes.js';
import scan from './scan/scan.routes.js';
import scanTemplate from './scan/scan-template.routes.js';
import examFlow from './exam/exam-flow.routes.js';
import specAliases from './spec-aliases.routes.js';
import job from './job/job.routes.js';
import examRoom from './exam-room/exam-room.routes.js';
import marking from './marking/marking.routes.js';
import markingSetup from './marking/marking-setup.routes.js';
import markingLive from './marking/marking-live.routes.js';
import markingAnswer from './marking/marking-answer.routes.js';
import markingTrial from './marking/marking-trial.routes.js';
import standardAnswer from './standard-answer/standard-answer.routes.js';
import schoolSetting from './exam-setting/school-setting.routes.js';
import reportCharts from './report/report-charts.routes.js';
import assistant from './assistant/assistant.routes.js';
import huijiaoyan from './assistant/huijiaoyan.routes.js';
import signUp from './sign-up/sign-up.routes.js';
import joint from './joint/joint.routes.js';
import questionBank from './question-bank/question-bank.routes.js';

import type { ModuleRoutes } from './module-routes.js';
export type { ModuleRoutes };

/** Every domain's routes; each module registers its own paths (the spec's) under the prefix given here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const v1: ModuleRoutes[] = [auth, personal, users, schoolGrade, schoolYear, schoolClass, student, teacher, tchCourse, excel, exam, examSetting, score, release, correction, report, render, card, painting, rankSetting, externalLogin, scan, scanTemplate, examFlow, specAliases, job, examRoom, marking, markingSetup, markingLive, markingAnswer, markingTrial, standardAnswer, schoolSetting, reportCharts, assistant, huijiaoyan, signUp, joint, questionBank];
  await app.register(async (scope) => { for (const m of v1) await m(scope, ctx); }, { prefix: '/api/v1' });
  await app.register(async (scope) => { await adminAuth(scope, ctx); await admin(scope, ctx); }, { prefix: '/adminApi/v1' });
  await app.register(async (scope) => { await studentPortal(scope, ctx); await studentReport(scope, ctx); }, { prefix: '/studentApi/v1' });
}
