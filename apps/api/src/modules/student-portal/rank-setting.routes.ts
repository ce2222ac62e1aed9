import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentRankSettingSchema } from '@jz/shared/api/student-report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { rankSetting, saveRankSetting } from './student-report.repository.js';

/**
 * The school's student-portal rank setting (systemSettingsRank, under /api/v1): which ranks its students see.
 * It is part of what the student role may see, so it goes with the role permissions (school:permission:*).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['学生端设置'];
  app.get('/systemSettingsRank/find', {
    config: { permission: 'school:permission:view' },
    schema: { tags, summary: '学生端排名显示设置（班级排名、年级排名）', response: { 200: envelope(studentRankSettingSchema.nullable()) } },
  }, async (req) => ok(await rankSetting(ctx.db, userOf(req).schoolId), '查询成功'));
  app.post('/systemSettingsRank/save', {
    config: { permission: 'school:permission:edit' },
    schema: { tags, summary: '保存学生端排名显示设置（立即生效：关闭后学生端接口与成绩单不再给出该排名）', body: studentRankSettingSchema, response: { 200: envelope(studentRankSettingSchema.nullable()) } },
  }, async (req) => {
    const user = userOf(req);
    await saveRankSetting(ctx.db, user.schoolId, user.id, req.body);
    return ok(await rankSetting(ctx.db, user.schoolId), '保存成功');
  });
};
export default routes;
