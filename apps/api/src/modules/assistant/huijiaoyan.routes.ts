import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { huijiaoyanDraftSchema, huijiaoyanExportBody, huijiaoyanQuery, huijiaoyanStreamBody, type HuijiaoyanEvent } from '@jz/shared/api/assistant';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { huijiaoyanDocx } from './huijiaoyan.docx.js';
import { draft, draftContext } from './huijiaoyan.service.js';
import { prepareDraft } from './huijiaoyan.model.js';
import { streamEvents } from './assistant.sse.js';

const tags = ['分析报告'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** AI 慧教研 (report child aiHuijiaoyan): the draft of a subject and class, and its edited text as .docx. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  app.get('/aiHuijiaoyan/draft', {
    config: { permission: 'report:report:view' },
    schema: { tags, summary: 'AI 慧教研：所选科目与班级的教研总结草稿（成绩概况、优势、薄弱题目与知识点、教学建议；数字标注来源）', querystring: huijiaoyanQuery, response: { 200: envelope(huijiaoyanDraftSchema) } },
  }, async (req) => ok(await draft(db, userOf(req), req.query), '查询成功'));

  app.post('/aiHuijiaoyan/draft_stream', {
    config: { permission: 'report:report:view' },
    schema: { tags, summary: 'AI 慧教研：由所选 AI 模型根据报告数据撰写草稿，以 text/event-stream 返回（start、tool、delta、done；模型出错或离线时 done 为模板草稿）', body: huijiaoyanStreamBody },
  }, async (req, reply) => {
    const prepared = await prepareDraft(db, config.assistant, userOf(req), req.body);
    await streamEvents<HuijiaoyanEvent>(req, reply, (emit, signal) => prepared.run(emit, signal));
  });

  app.post('/aiHuijiaoyan/export_docx', {
    config: { permission: 'report:report:export' },
    schema: { tags, summary: 'AI 慧教研：把编辑后的教研总结导出为 Word（.docx；被拒绝时返回 JSON）', body: huijiaoyanExportBody },
  }, async (req, reply) => {
    const c = await draftContext(db, userOf(req), req.body);
    const file = await huijiaoyanDocx(req.body.title, `${c.meta.examName} · ${c.meta.courseName} · ${c.meta.className}`, req.body.sections);
    return reply.header('content-type', DOCX)
      .header('content-disposition', `attachment; filename="huijiaoyan.docx"; filename*=UTF-8''${encodeURIComponent(`${c.meta.examName}-${c.meta.courseName}-AI慧教研`)}.docx`)
      .send(file);
  });
};
export default routes;
