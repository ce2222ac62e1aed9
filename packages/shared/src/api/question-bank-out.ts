/**
 * The question bank's way out: exam questions into the bank (从考试加入题库), knowledge-point mastery per class
 * (知识点掌握), paper assembly and its Word export / answer card (组卷), and a class's wrong-question list (错题本).
 */
import { z } from 'zod';
import { id, nameOf, trimmed } from './common.js';
import { questionTypeSchema } from './exam.js';

export const BANK_OUT_PATHS = {
  addFromExam: 'question_bank/add_from_exam',
  mastery: 'question_bank/mastery',
  assemble: 'question_bank/paper_assemble',
  exportDocx: 'question_bank/paper_export_docx',
  toExam: 'question_bank/paper_to_exam',
  wrongBook: 'question_bank/wrong_book',
  wrongBookExport: 'question_bank/wrong_book_export',
  paperSave: 'question_bank/paper_save',
  paperList: 'question_bank/paper_list',
  paperDetail: 'question_bank/paper_detail',
  paperDelete: 'question_bank/paper_delete',
} as const;

const courseCode = nameOf('学科', 20, '请选择学科');

export const examCourseBody = z.object({ examId: id, courseCode });
export const addFromExamResult = z.object({ added: z.number(), updated: z.number(), pointsCreated: z.number() });

export const masteryQuery = z.object({ examId: id, courseCode });
export const masterySchema = z.object({
  examName: z.string(),
  courseName: z.string(),
  classes: z.array(z.object({ classId: z.number(), className: z.string() })),
  points: z.array(z.object({
    knowledgePoint: z.string(),
    questions: z.array(z.string()),
    fullScore: z.number(),
    gradeRate: z.number().nullable(),
    /** One per class of `classes`, same order: Σ class mean ÷ Σ full of the point's questions. */
    classRates: z.array(z.number().nullable()),
  })),
});
export type Mastery = z.infer<typeof masterySchema>;

export const PAPER_MAX_QUESTIONS = 100;
const partSchema = z.object({
  type: questionTypeSchema,
  count: z.number().int().min(1, '每种题型至少 1 道').max(PAPER_MAX_QUESTIONS, `每种题型最多 ${PAPER_MAX_QUESTIONS} 道`),
  score: z.number().gt(0, '每题分值须大于 0').max(100, '每题分值不能超过 100'),
});
export const assembleBody = z.object({
  courseCode,
  pointIds: z.array(id).max(50).default([]),
  targetDifficulty: z.number().min(0, '目标难度应在 0 到 1 之间').max(1, '目标难度应在 0 到 1 之间'),
  parts: z.array(partSchema).min(1, '请至少选择一种题型').max(5),
});
export type AssembleBody = z.infer<typeof assembleBody>;

/** section: the heading of the part the question is in (大题, e.g. 一、选择题); a new part starts where it changes. */
const section = trimmed().max(30, '大题标题不能超过30个字符');
export const paperItemSchema = z.object({ questionId: id, score: z.number().gt(0, '每题分值须大于 0').max(100, '每题分值不能超过 100'), section: section.optional() });
export type PaperItem = z.infer<typeof paperItemSchema>;
export const paperQuestionSchema = z.object({
  questionId: z.number(),
  section: z.string(),
  type: questionTypeSchema,
  score: z.number(),
  stem: z.string(),
  difficulty: z.number().nullable(),
  points: z.array(z.string()),
});
export const assembledSchema = z.object({
  items: z.array(paperQuestionSchema),
  /** Mean difficulty of the measured questions chosen (null when none is measured). */
  meanDifficulty: z.number().nullable(),
  totalScore: z.number(),
});
export type Assembled = z.infer<typeof assembledSchema>;

const paperTitle = trimmed().min(1, '请输入试卷标题').max(60, '试卷标题不能超过60个字符');
const paperItems = z.array(paperItemSchema).min(1, '试卷中没有试题').max(PAPER_MAX_QUESTIONS);
/** The export and the answer card take a saved paper (bankPaperId: its order and headings) or the items as shown. */
export const exportDocxBody = z.object({ courseCode, title: paperTitle, bankPaperId: id.optional(), items: paperItems.optional() });
export const toExamBody = z.object({ examSubjectId: id, bankPaperId: id.optional(), items: paperItems.optional() });

/** 保存试卷: a new paper without id; the same id saves over it. */
export const savePaperBody = z.object({ id: id.optional(), courseCode, title: paperTitle, items: paperItems });
export const paperListQuery = z.object({ courseCode });
export const paperIdQuery = z.object({ id });
export const savedPaperRow = z.object({ id: z.number(), title: z.string(), questions: z.number(), totalScore: z.number(), updatedAt: z.string() });
export const savedPaperSchema = assembledSchema.extend({ id: z.number(), courseCode: z.string(), title: z.string() });
export type SavedPaper = z.infer<typeof savedPaperSchema>;
export const toExamResult = z.object({ examSubjectId: z.number(), questions: z.number(), fullScore: z.number() });

export const WRONG_THRESHOLD_DEFAULT = 0.6;
export const wrongBookQuery = z.object({
  examId: id,
  courseCode,
  classId: id,
  threshold: z.coerce.number().min(0, '阈值应在 0 到 1 之间').max(1, '阈值应在 0 到 1 之间').default(WRONG_THRESHOLD_DEFAULT),
});
export type WrongBookQuery = z.infer<typeof wrongBookQuery>;
export const wrongBookSchema = z.object({
  examName: z.string(),
  courseName: z.string(),
  className: z.string(),
  threshold: z.number(),
  questions: z.array(z.object({
    no: z.string(),
    type: questionTypeSchema,
    fullScore: z.number(),
    answer: z.string().nullable(),
    knowledgePoints: z.array(z.string()),
    classRate: z.number().nullable(),
    gradeRate: z.number().nullable(),
    /** Students of the class who sat the subject and scored below full on it. */
    wrongCount: z.number(),
    /** The bank question added from this exam question (从考试加入题库), with its stem and analysis. */
    bankQuestionId: z.number().nullable(),
    stem: z.string().nullable(),
    analysis: z.string().nullable(),
  })),
  students: z.array(z.object({
    examNo: z.string(),
    name: z.string(),
    items: z.array(z.object({ no: z.string(), score: z.number(), fullScore: z.number() })),
  })),
});
export type WrongBook = z.infer<typeof wrongBookSchema>;
