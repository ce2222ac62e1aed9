/**
 * Answer-sheet cards (答题卡, docs/PRODUCT.md §2 /makeSheetCard, /onLineCard): one saved card per exam subject — the maker's
 * settings and the millimetre layout built from them (packages/report-templates CardLayout), which is what is
 * printed and what recognition will read. Nothing saved = the default card built from the question set-up.
 *
 * GET card/find?examSubjectId → the card (saved settings and layout, or the defaults with saved = false);
 * GET card/preview?examSubjectId → the saved (or default) card as printable HTML (text/html);
 * POST card/preview { examSubjectId, settings } → the card these settings give, as HTML, nothing saved;
 * POST card/save { examSubjectId, settings } → validates, builds the layout and stores both (one transaction);
 * POST card/reset { examSubjectId } → deletes the saved card (back to the default).
 * settings may be partial: missing fields take the default. Refusals: another school's exam subject 403, unknown
 * 404, bad settings 400 with a Chinese message naming the field (nothing saved).
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';

export const CARD_PATHS = {
  find: 'card/find',
  preview: 'card/preview', // GET saved / default, POST with settings
  save: 'card/save',
  reset: 'card/reset',
} as const;

export const CARD_TITLE_MAX = 120;
export const CARD_PAGE_CHOICES = [2, 3, 4] as const;
/** Objective options: A–H at most. */
export const CARD_OPTION_LETTERS = 'ABCDEFGH';
export const CARD_ESSAY_WORDS = { min: 100, max: 1200, default: 800 } as const;
export const CARD_FILL_BLANKS_MAX = 4;

/** What the card maker lets the user choose (field names are the API's). */
export const cardSettingsSchema = z.object({
  /** Heading of the card; default `${考试名} ${科目} 答题卡`. */
  title: trimmed().min(1, '请填写答题卡标题').max(CARD_TITLE_MAX, `答题卡标题不能超过 ${CARD_TITLE_MAX} 个字`),
  /** Digits of the 考号 grid. */
  admissionDigits: z.number().int('考号位数应为整数').min(1, '考号位数应为 1–14').max(14, '考号位数应为 1–14'),
  /** Most pages: 2, 3 or 4; null = automatic (the fewest that fit). */
  pages: z.number().int().min(2, '最多页数只能是 2、3、4 页或自动').max(4, '最多页数只能是 2、3、4 页或自动').nullable(),
  /** Options of single/multiple choice questions (4 = A–D); a key naming a later letter adds options. */
  optionCount: z.number().int('选项个数应为整数').min(2, '选项个数应为 2–8').max(CARD_OPTION_LETTERS.length, '选项个数应为 2–8'),
  /** Essay (语文作文) characters; null when the subject has no essay. */
  essayWords: z.number().int('作文字数应为整数')
    .min(CARD_ESSAY_WORDS.min, `作文字数应为 ${CARD_ESSAY_WORDS.min}–${CARD_ESSAY_WORDS.max}`)
    .max(CARD_ESSAY_WORDS.max, `作文字数应为 ${CARD_ESSAY_WORDS.min}–${CARD_ESSAY_WORDS.max}`).nullable(),
  /** Per fill-in question the number of blanks (answer lines) 1–4; fill-in questions not listed get 1. */
  fillBlanks: z.array(z.object({
    questionId: id,
    blanks: z.number().int('空数应为整数').min(1, `每题空数应为 1–${CARD_FILL_BLANKS_MAX}`).max(CARD_FILL_BLANKS_MAX, `每题空数应为 1–${CARD_FILL_BLANKS_MAX}`),
  })).max(500),
});
export type CardSettings = z.infer<typeof cardSettingsSchema>;

/** Field names for messages (答题卡设置不正确（考号位数）：…). */
export const CARD_SETTING_LABELS: Record<keyof CardSettings, string> = {
  title: '标题', admissionDigits: '考号位数', pages: '最多页数', optionCount: '选项个数', essayWords: '作文字数', fillBlanks: '填空题空数',
};

/**
 * The request's settings: types only (a wrong type is a 参数错误); ranges and the exam subject's own rules are
 * checked by the service against cardSettingsSchema so that the message names the field in Chinese.
 */
export const cardSettingsInput = z.object({
  title: z.string(),
  admissionDigits: z.number(),
  pages: z.number().nullable(),
  optionCount: z.number(),
  essayWords: z.number().nullable(),
  fillBlanks: z.array(z.object({ questionId: z.number(), blanks: z.number() })),
}).partial();

export const cardSubjectQuery = z.object({ examSubjectId: id });
export const cardSettingsBody = z.object({ examSubjectId: id, settings: cardSettingsInput.default({}) });
export type CardSettingsBody = z.input<typeof cardSettingsBody>;
export const cardSubjectBody = z.object({ examSubjectId: id });

/** A fill-in question of the subject (the maker's blank-count rows). */
export const cardFillQuestionSchema = z.object({ questionId: z.number(), no: z.string(), fullScore: z.number() });

export const answerCardSchema = z.object({
  examSubjectId: z.number(),
  examId: z.number(),
  examName: z.string(),
  courseCode: z.string(),
  subjectName: z.string(),
  /** A saved card (else the default built from the question set-up). */
  saved: z.boolean(),
  /**
   * The saved layout is no longer what the saved settings give (questions, exam name or exam numbers changed
   * since): save again before printing.
   */
  outdated: z.boolean(),
  /** The saved settings (brought in step with the current questions), or the defaults. */
  settings: cardSettingsSchema,
  defaults: cardSettingsSchema,
  /**
   * The printed layout (CardLayout of packages/report-templates: A4 pages, elements in mm); null when the
   * default settings cannot be laid out (layoutError says why: e.g. too long an essay for 4 pages).
   */
  layout: z.object({ pages: z.array(z.unknown()) }).loose().nullable(),
  layoutError: z.string().nullable(),
  pageCount: z.number(),
  fillQuestions: z.array(cardFillQuestionSchema),
  /** The subject has an essay (语文): essayWords applies. */
  hasEssay: z.boolean(),
  /** Longest 考号 of the exam: the fewest admission digits allowed. */
  minAdmissionDigits: z.number(),
  updatedBy: z.string().nullable(),
  /** 10-digit Unix timestamp (seconds) of the save; null when not saved. */
  updatedAt: z.number().nullable(),
});
export type AnswerCard = z.infer<typeof answerCardSchema>;
