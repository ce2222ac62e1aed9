import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addFromExamResult, assembleBody, assembledSchema, examCourseBody, exportDocxBody, masteryQuery, masterySchema, paperIdQuery, paperListQuery,
  savedPaperRow, savedPaperSchema, savePaperBody, toExamBody, toExamResult, wrongBookQuery, wrongBookSchema,
} from '@jz/shared/api/question-bank-out';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { jsonWhenRefused, sendXlsx } from '../excel/excel.workbook.js';
import { addFromExam } from './from-exam.service.js';
import { mastery } from './mastery.service.js';
import { assemble, exportDocx, toExam } from './paper-assembly.service.js';
import * as papers from './bank-paper.service.js';
import { wrongBook } from './wrong-book.service.js';
import { wrongBookXlsx } from './wrong-book.export.js';

const tags = ['校本题库'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The bank's way out: 从考试加入题库, 知识点掌握, 组卷 (Word and answer card), 错题本. Reading needs exam:exam:view;
 * writing the bank follows question-bank.service.ts; mastery and 错题本 are cut like the paper report.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const config = { permission: 'exam:exam:view' };

  app.post('/question_bank/add_from_exam', {
    config, schema: { tags, summary: '从考试加入题库：已发布考试一个学科的小题（难度=得分率、区分度 D、知识点、来源考试与题号）；再次加入只更新，不重复', body: examCourseBody, response: { 200: envelope(addFromExamResult.nullable()) } },
  }, async (req) => ok(await addFromExam(db, userOf(req), req.body.examId, req.body.courseCode), '已加入题库'));

  app.get('/question_bank/mastery', {
    config, schema: { tags, summary: '知识点掌握：各班（仅可见班级）与全年级的知识点得分率', querystring: masteryQuery, response: { 200: envelope(masterySchema.nullable()) } },
  }, async (req) => ok(await mastery(db, userOf(req), req.query.examId, req.query.courseCode), '查询成功'));

  app.post('/question_bank/paper_assemble', {
    config, schema: { tags, summary: '组卷：按题型数量、知识点与目标难度从题库选题（相同输入与题库得到相同试卷）', body: assembleBody, response: { 200: envelope(assembledSchema.nullable()) } },
  }, async (req) => ok(await assemble(db, userOf(req), req.body), '组卷成功'));

  app.post('/question_bank/paper_export_docx', {
    ...jsonWhenRefused,
    config, schema: { tags, summary: '组卷导出 Word（.docx：题干、选项、公式为 Word 公式；答案与解析另起一页）；被拒绝时返回 JSON', body: exportDocxBody },
  }, async (req, reply) => {
    const { bytes, fileName } = await exportDocx(db, storage, userOf(req), req.body);
    return reply.header('content-type', DOCX)
      .header('content-disposition', `attachment; filename="paper.docx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('access-control-expose-headers', 'Content-Disposition').send(bytes);
  });

  app.post('/question_bank/paper_to_exam', {
    config, schema: { tags, summary: '组卷生成答题卡：把试卷写为考试科目的小题（题号、题型、满分、答案、知识点），答题卡据此生成', body: toExamBody, response: { 200: envelope(toExamResult.nullable()) } },
  }, async (req) => ok(await toExam(db, userOf(req), req.body), '已写入考试科目，可在答题卡中查看'));

  app.post('/question_bank/paper_save', {
    config, schema: { tags, summary: '保存试卷：题目顺序、分值与大题标题（有 id 则覆盖该试卷）', body: savePaperBody, response: { 200: envelope(z.object({ id: z.number() }).nullable()) } },
  }, async (req) => ok(await papers.save(db, userOf(req), req.body), '保存成功'));

  app.get('/question_bank/paper_list', {
    config, schema: { tags, summary: '本校该学科已保存的试卷（最近修改在前）', querystring: paperListQuery, response: { 200: envelope(z.array(savedPaperRow).nullable()) } },
  }, async (req) => ok(await papers.list(db, userOf(req), req.query.courseCode), '查询成功'));

  app.get('/question_bank/paper_detail', {
    config, schema: { tags, summary: '打开已保存的试卷：按保存的顺序与大题列出试题', querystring: paperIdQuery, response: { 200: envelope(savedPaperSchema.nullable()) } },
  }, async (req) => ok(await papers.detail(db, userOf(req), req.query.id), '查询成功'));

  app.post('/question_bank/paper_delete', {
    config, schema: { tags, summary: '删除已保存的试卷（作者或可编辑该学科试题者）', body: paperIdQuery, response: { 200: envelope(z.object({ id: z.number() }).nullable()) } },
  }, async (req) => ok(await papers.remove(db, userOf(req), req.body.id), '删除成功'));

  app.get('/question_bank/wrong_book', {
    config, schema: { tags, summary: '错题本：班级得分率低于阈值的题目及每名学生的错题', querystring: wrongBookQuery, response: { 200: envelope(wrongBookSchema.nullable()) } },
  }, async (req) => ok(await wrongBook(db, userOf(req), req.query), '查询成功'));

  app.get('/question_bank/wrong_book_export', {
    ...jsonWhenRefused,
    config, schema: { tags, summary: '导出错题本（xlsx：班级错题、学生错题两张表）；被拒绝时返回 JSON', querystring: wrongBookQuery },
  }, async (req, reply) => {
    const book = await wrongBook(db, userOf(req), req.query);
    return sendXlsx(reply, `${book.examName}-${book.courseName}-${book.className}-错题本.xlsx`, await wrongBookXlsx(book));
  });
};
export default routes;
