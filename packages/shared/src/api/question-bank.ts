/**
 * 校本题库 (/knowTopic/list): the school's questions and the knowledge-point tree per course. Stems, options and
 * analyses are HTML from the bank's editors with formulas as LaTeX between $…$ (rendered with KaTeX).
 */
import { z } from 'zod';
import { id, int4, nameOf, trimmed } from './common.js';
import { questionTypeSchema } from './exam.js';
import { KNOWLEDGE_NAME_MAX } from '../knowledge-tree.js';

export const BANK_PATHS = {
  courses: 'question_bank/courses',
  tree: 'question_bank/knowledge_tree',
  savePoint: 'question_bank/save_knowledge_point',
  deletePoint: 'question_bank/delete_knowledge_point',
  importTree: 'question_bank/knowledge_tree_import',
  exportTree: 'question_bank/knowledge_tree_export',
  list: 'question_bank/list',
  detail: 'question_bank/detail',
  save: 'question_bank/save',
  remove: 'question_bank/delete',
} as const;

export const STEM_MAX = 20_000;
export const TAG_MAX = 20;

const courseCode = nameOf('学科', 20, '请选择学科');

export const courseQuery = z.object({ courseCode });
export const bankCourseSchema = z.object({ courseCode: z.string(), courseName: z.string(), questions: z.number(), editable: z.boolean(), treeEditable: z.boolean() });

export interface KnowledgeNodeOut { id: number; parentId: number | null; name: string; sort: number; questions: number; children: KnowledgeNodeOut[] }
export const knowledgeNodeSchema: z.ZodType<KnowledgeNodeOut> = z.lazy(() => z.object({
  id: z.number(), parentId: z.number().nullable(), name: z.string(), sort: z.number(), questions: z.number(), children: z.array(knowledgeNodeSchema),
}));
export const knowledgeTreeSchema = z.object({ courseCode: z.string(), nodes: z.array(knowledgeNodeSchema), editable: z.boolean() });

export const savePointBody = z.object({
  id: id.optional(),
  courseCode,
  parentId: id.nullish(),
  name: nameOf('知识点名称', KNOWLEDGE_NAME_MAX),
  sort: int4.max(100_000).default(0),
});
export const pointIdBody = z.object({ id });

const optionSchema = z.object({ label: trimmed().min(1, '选项标号不能为空').max(4, '选项标号不能超过4个字符'), content: trimmed().max(5_000, '选项内容不能超过5000个字符') });

export const saveQuestionBody = z.object({
  id: id.optional(),
  courseCode,
  type: questionTypeSchema,
  stem: trimmed().min(1, '请输入题干').max(STEM_MAX, `题干不能超过${STEM_MAX}个字符`),
  options: z.array(optionSchema).max(10, '最多 10 个选项').default([]),
  answer: trimmed().max(5_000, '答案不能超过5000个字符').default(''),
  analysis: trimmed().max(STEM_MAX, `解析不能超过${STEM_MAX}个字符`).default(''),
  difficulty: z.number().min(0, '难度应在 0 到 1 之间').max(1, '难度应在 0 到 1 之间').nullish(),
  pointIds: z.array(id).max(50, '每题最多 50 个知识点').default([]),
  tags: z.array(nameOf('标签', 20)).max(TAG_MAX, `每题最多 ${TAG_MAX} 个标签`).default([]),
});
export type SaveQuestionBody = z.infer<typeof saveQuestionBody>;
export const deleteQuestionsBody = z.object({ ids: z.array(id).min(1, '请选择要删除的试题').max(500) });

export const listQuery = z.object({
  courseCode,
  type: questionTypeSchema.optional(),
  pointId: id.optional(),
  keyword: trimmed().max(50).optional(),
  tag: trimmed().max(20).optional(),
  difficultyMin: z.coerce.number().min(0).max(1).optional(),
  difficultyMax: z.coerce.number().min(0).max(1).optional(),
  sourceExamId: id.optional(),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListQuery = z.infer<typeof listQuery>;
export const detailQuery = z.object({ id });

export const bankQuestionSchema = z.object({
  id: z.number(),
  courseCode: z.string(),
  type: questionTypeSchema,
  stem: z.string(),
  options: z.array(z.object({ label: z.string(), content: z.string() })),
  answer: z.string(),
  analysis: z.string(),
  difficulty: z.number().nullable(),
  discrimination: z.number().nullable(),
  tags: z.array(z.string()),
  points: z.array(z.object({ id: z.number(), name: z.string(), path: z.string() })),
  sourceExamId: z.number().nullable(),
  sourceExamName: z.string().nullable(),
  sourceQuestionNo: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  editable: z.boolean(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export const questionPageSchema = z.object({ records: z.array(bankQuestionSchema), total: z.number(), current: z.number(), size: z.number() });
