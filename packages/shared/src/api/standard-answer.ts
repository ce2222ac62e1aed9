/**
 * 录入标准答案 (/examDetailsEdit/enterStandardAnswer; spec §7 standard_answer/*, standardAnswerExport/Import,
 * knowledgePointssImport/Export): a subject's answer keys, the rule for a correct but incomplete multiple choice
 * (部分得分 or 选对一项得分), knowledge points per question, and how the students answered each objective question.
 * The keys are the questions' own (question_template); saving one re-scores the recorded option letters.
 */
import { z } from 'zod';
import { id, trimmed } from './common.js';
import { questionSchema, questionTypeSchema } from './exam.js';

export const STANDARD_ANSWER_PATHS = {
  findAnswers: 'standard_answer/find_answers',
  finished: 'standard_answer/{id}/finished_enter_answer',
  findKnowledge: 'standard_answer/find_knowledge',
  saveKnowledge: 'standard_answer/save_knowledge',
  exportAnswers: 'standardAnswerExport',
  importAnswers: 'standardAnswerImport',
  importKnowledge: 'knowledgePointssImport',
  exportKnowledge: 'knowledgePointssExport',
} as const;

/** Share of a question's students choosing one wrong option that makes the key suspect (docs/DOMAIN-RULES.md §2). */
export const SUSPECT_KEY_SHARE = 0.5;

export const examSubjectQuery = z.object({ examSubjectId: id });
/** Downloads (POST, spec): the subject in the body. */
export const examSubjectBody = z.object({ examSubjectId: id });

const points = z.number().min(0).max(1000).nullish();

/** One question's key as entered: answer (null/'' = no key), 部分得分, 选对一项得分 (at most one of the two). */
export const answerInputSchema = z.object({
  questionId: id,
  answer: trimmed().max(500).nullish(),
  partialScore: points,
  optionScore: points,
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const finishedEnterAnswerBody = z.object({
  answers: z.array(answerInputSchema).min(1, '请至少录入一道题的答案').max(500),
  /** Released exam: confirms that the scores and every report are computed again. */
  confirm: z.boolean().default(false),
});
export const finishedParams = z.object({ id });

/** How the students answered one objective question (editors only): stored scores and chosen options. */
export const answerStatsSchema = z.object({
  /** Students with a stored score on the question. */
  students: z.number(),
  /** Of them, those whose option letters were recorded (scanned or imported as letters). */
  answered: z.number(),
  correct: z.number(),
  mean: z.number().nullable(),
  scoreRate: z.number().nullable(),
  /** Chosen options, most chosen first ('' = left blank). */
  choices: z.array(z.object({ choice: z.string(), count: z.number() })),
  /** Set when most students chose one other answer than the key: check the key. */
  suspect: z.string().nullable(),
});
export type AnswerStats = z.infer<typeof answerStatsSchema>;

/** A question as question_template shows it (key fields and knowledge points), with its objective figures. */
export const answerQuestionSchema = questionSchema.pick({
  id: true, no: true, type: true, fullScore: true, step: true, answer: true, partialScore: true, optionScore: true, knowledgePoints: true,
}).extend({
  objective: z.boolean(),
  /** The option letters the card prints for a choice question (A–D unless the card or the key has more). */
  options: z.string(),
  stats: answerStatsSchema.nullable(),
});
export type AnswerQuestion = z.infer<typeof answerQuestionSchema>;

export const answerSheetSchema = z.object({
  examId: z.number(),
  examSubjectId: z.number(),
  courseName: z.string(),
  subjectFullScore: z.number(),
  released: z.boolean(),
  /** May save keys now (before release: the subject's editors; after: the school administrator or grade leader, confirmed). */
  editable: z.boolean(),
  /** Every objective question has a key (the subject's 标准答案 step is done). */
  finished: z.boolean(),
  objectiveCount: z.number(),
  missingNos: z.array(z.string()),
  questions: z.array(answerQuestionSchema),
});
export type AnswerSheet = z.infer<typeof answerSheetSchema>;

/** data of a save that needs confirmation (code 409, released exam). */
export const keyChangePreviewSchema = z.object({
  /** Stored scores that the new keys change. */
  scores: z.number(),
  students: z.number(),
  questions: z.array(z.object({ no: z.string(), from: z.string(), to: z.string(), scores: z.number() })),
});
export type KeyChangePreview = z.infer<typeof keyChangePreviewSchema>;

export const saveAnswersResultSchema = z.object({
  sheet: answerSheetSchema,
  /** Stored scores changed by the new keys. */
  rescored: z.number(),
});
export type SaveAnswersResult = z.infer<typeof saveAnswersResultSchema>;

// ---------------------------------------------------------------- knowledge points

export const knowledgeSheetSchema = z.object({
  examSubjectId: z.number(),
  courseName: z.string(),
  editable: z.boolean(),
  released: z.boolean(),
  questions: z.array(z.object({ id: z.number(), no: z.string(), type: questionTypeSchema, fullScore: z.number(), knowledgePoints: z.array(z.string()) })),
  /** Each knowledge point with its questions and their full scores summed (paper order). */
  points: z.array(z.object({ name: z.string(), questionNos: z.array(z.string()), fullScore: z.number() })),
});
export type KnowledgeSheet = z.infer<typeof knowledgeSheetSchema>;

/** Separators between knowledge points in one Excel cell. */
export const KNOWLEDGE_SEPARATORS = /[、，,；;\n]+/;
