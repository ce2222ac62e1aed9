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
  layout: 'card/layout', // POST: the layout and its problems for given settings, nothing saved (the maker's live check)
} as const;

export const CARD_PAPERS = ['A4', 'A3'] as const;
export const CARD_PAPER_LABELS = { A4: 'A4 纵向', A3: 'A3 横向' } as const;
/** Columns each paper allows. */
export const CARD_COLUMN_CHOICES = { A4: [1, 2], A3: [2, 3] } as const;
export const CARD_ADMISSION_MODES = ['bubbles', 'barcode'] as const;
export const CARD_ADMISSION_MODE_LABELS = { bubbles: '填涂考号', barcode: '贴条形码' } as const;

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
  /** A4 portrait or A3 landscape. */
  paper: z.enum(CARD_PAPERS, '纸张只能是 A4 或 A3'),
  /** Columns: A4 1–2, A3 2–3 (checked against the paper by the service). */
  columns: z.number().int('分栏数应为整数').min(1, '分栏数应为 1–3').max(3, '分栏数应为 1–3'),
  /** 考号 filled in bubbles (a label box is printed too) or read from a stuck barcode label only. */
  admissionMode: z.enum(CARD_ADMISSION_MODES, '考号方式只能是填涂考号或贴条形码'),
  /** 选做题: groups of subjective question ids answered one of, in one box (e.g. 22/23). */
  choiceGroups: z.array(z.array(id).min(2, '每组选做题至少两道题').max(6, '每组选做题最多 6 道题')).max(10, '选做题最多 10 组'),
  /** Areas the user dragged or resized on the page (mm, 1-based page). */
  overrides: z.array(z.object({
    area: z.string().min(1).max(60),
    page: z.number().int('页码应为整数').min(1, '页码应为 1–4').max(4, '页码应为 1–4'),
    x: z.number().min(0, '位置不能为负').max(420, '位置超出纸张'),
    y: z.number().min(0, '位置不能为负').max(297, '位置超出纸张'),
    w: z.number().positive('宽度应大于 0').max(420, '宽度超出纸张'),
    h: z.number().positive('高度应大于 0').max(297, '高度超出纸张'),
  })).max(200),
});
export type CardSettings = z.infer<typeof cardSettingsSchema>;
export type CardAreaOverride = CardSettings['overrides'][number];

/** Field names for messages (答题卡设置不正确（考号位数）：…). */
export const CARD_SETTING_LABELS: Record<keyof CardSettings, string> = {
  title: '标题', admissionDigits: '考号位数', pages: '最多页数', optionCount: '选项个数', essayWords: '作文字数', fillBlanks: '填空题空数',
  paper: '纸张', columns: '分栏', admissionMode: '考号方式', choiceGroups: '选做题', overrides: '区域位置',
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
  paper: z.string(),
  columns: z.number(),
  admissionMode: z.string(),
  choiceGroups: z.array(z.array(z.number())),
  overrides: z.array(z.object({ area: z.string(), page: z.number(), x: z.number(), y: z.number(), w: z.number(), h: z.number() })),
}).partial();

export const cardSubjectQuery = z.object({ examSubjectId: id });
export const cardSettingsBody = z.object({ examSubjectId: id, settings: cardSettingsInput.default({}) });
export type CardSettingsBody = z.input<typeof cardSettingsBody>;
export const cardSubjectBody = z.object({ examSubjectId: id });

/** A problem of the layout found by the live check (overlap, outside the printable area or column, too small). */
export const cardIssueSchema = z.object({ page: z.number(), area: z.string().nullable(), message: z.string() });
export type CardIssue = z.infer<typeof cardIssueSchema>;

/** card/layout: the layout these settings give and its problems (nothing saved). */
export const cardLayoutCheckSchema = z.object({
  layout: z.object({ pages: z.array(z.unknown()) }).loose(),
  issues: z.array(cardIssueSchema),
});
export type CardLayoutCheck = z.infer<typeof cardLayoutCheckSchema>;

/** A subjective question of the subject (the maker's 选做题 choices). */
export const cardSubjectiveQuestionSchema = z.object({ questionId: z.number(), no: z.string(), fullScore: z.number() });

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
  /** Subjective questions that may form 选做题 groups (not the essay). */
  subjectiveQuestions: z.array(cardSubjectiveQuestionSchema),
  /** Problems of the layout (empty when it may be printed). */
  issues: z.array(cardIssueSchema),
  /** The subject has an essay (语文): essayWords applies. */
  hasEssay: z.boolean(),
  /** Longest 考号 of the exam: the fewest admission digits allowed. */
  minAdmissionDigits: z.number(),
  updatedBy: z.string().nullable(),
  /** 10-digit Unix timestamp (seconds) of the save; null when not saved. */
  updatedAt: z.number().nullable(),
});
export type AnswerCard = z.infer<typeof answerCardSchema>;

// ---------------------------------------------------------------- the spec's card calls (painting/*, speed/*)

/**
 * The spec's §7 card family. "painting" is the spec's word for an answer card:
 * GET painting/find_exam_paintings?examId → every subject of the exam with its card's state;
 * POST painting/add { examSubjectId, settings } → saves a first card (refused when the subject has one);
 * POST painting/update { examSubjectId, settings } → saves over the subject's card (refused when it has none);
 * POST painting/delete_single_painting { examSubjectId } → deletes the subject's card (= card/reset);
 * POST painting/delete_all_painting { examId } → deletes every card of the exam;
 * GET school-answer-paintings?current&size[&examId] → the school's saved cards, newest first;
 * GET school-answer-paintings/{examSubjectId} → the card (= card/find); GET answer/paintings?examSubjectId → the same, to
 *   those who set up, lead or mark the subject (the marking side);
 * GET myExamCourse/school-exam-course-relation-infos/{examSubjectId} → the exam subject (= its row in exam_manage/find_exam);
 * DELETE speed/delPaintInfo { examSubjectId } → deletes the card while no sheet of the subject is scanned;
 * DELETE speed/verifyPasswordDelPaint { examSubjectId, password } → deletes it after the caller's password (RSA), scanned or not.
 */
export const PAINTING_PATHS = {
  findExam: 'painting/find_exam_paintings',
  add: 'painting/add',
  update: 'painting/update',
  deleteSingle: 'painting/delete_single_painting',
  deleteAll: 'painting/delete_all_painting',
  school: 'school-answer-paintings',
  relation: 'myExamCourse/school-exam-course-relation-infos',
  marking: 'answer/paintings',
  delInfo: 'speed/delPaintInfo',
  delWithPassword: 'speed/verifyPasswordDelPaint',
} as const;

export const cardExamQuery = z.object({ examId: id });
export const cardExamBody = z.object({ examId: id });
export const cardPasswordBody = z.object({ examSubjectId: id, password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(4096) });
export const schoolCardsQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  examId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()),
});

/** One exam subject's card at a glance (no layout built). */
export const cardSummarySchema = answerCardSchema.pick({ examSubjectId: true, examId: true, examName: true, courseCode: true, subjectName: true, saved: true, updatedBy: true, updatedAt: true }).extend({
  /** The saved card's title and paper; null when nothing is saved. */
  title: z.string().nullable(),
  paper: z.string().nullable(),
  pageCount: z.number(),
  /** Batches of sheets scanned for the subject (a card in use: deleting it needs the password). */
  scannedBatches: z.number(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;
export const cardSummaryListSchema = z.array(cardSummarySchema);
export const schoolCardsPageSchema = z.object({ records: z.array(cardSummarySchema), total: z.number(), current: z.number(), size: z.number() });
export const cardDeleteResultSchema = z.object({ deleted: z.number() });
