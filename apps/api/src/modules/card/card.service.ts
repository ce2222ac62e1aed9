/**
 * Answer-sheet cards (答题卡). A card is built from an exam subject's question set-up and the card maker's
 * settings (@jz/shared/api/card) by packages/report-templates (buildCardLayout → CardLayout in mm); a saved card
 * (answer_card: settings + layout) is what is printed and what recognition will read, so printing takes the
 * saved layout as stored. Nothing saved = the default settings' card, the same card as before the maker existed.
 *
 * Access: the exam subject's exam must be the caller's school's and its grade visible (exam.access subjectFor);
 * saving and resetting need what editing the subject's questions needs (subjectFor 'edit').
 */
import { isDeepStrictEqual } from 'node:util';
import { buildCardLayout, type BuildCardInput, type CardQuestionInput } from '@jz/report-templates/card/build';
import { CardLayoutError, parseCardLayout, type CardLayout } from '@jz/report-templates/card/layout';
import { validateCardLayout } from '@jz/report-templates/card/validate';
import {
  CARD_COLUMN_CHOICES, CARD_ESSAY_WORDS, CARD_OPTION_LETTERS, CARD_SETTING_LABELS, cardSettingsSchema,
  type AnswerCard, type CardLayoutCheck, type CardSettings,
} from '@jz/shared/api/card';
import type { Db, Tx } from '../../db/database.js';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden } from '../../core/http.js';
import { electiveGroupsOf } from '@jz/shared/elective';
import * as examRepo from '../exam/exam.repository.js';
import { subjectFor, type SchoolUser } from '../exam/exam.access.js';
import * as repo from './card.repository.js';

/** What a card is built from: the exam subject, its questions, the essay (语文) and the exam's longest 考号. */
interface Source {
  exam: examRepo.ExamRow;
  subject: { id: number; course_code: string; course_name: string };
  questions: examRepo.QuestionRow[];
  /** Index of the essay among the questions (语文's largest subjective question of 40 points or more), else -1. */
  essayIdx: number;
  longestExamNo: number;
}

async function sourceOf(q: Db | Tx, user: SchoolUser, examSubjectId: number, need: 'view' | 'edit' = 'view'): Promise<Source> {
  const { exam, subject } = await subjectFor(q, user, examSubjectId, need);
  const questions = await examRepo.questionsOf(q, [examSubjectId]);
  if (!questions.length) throw new BizError('该科目尚未设置小题，无法生成答题卡');
  const chinese = /语文/.test(subject.course_name);
  const essayIdx = chinese ? questions.reduce((best, x, i) => (x.type === 'subjective' && x.fullScore >= 40 && (best < 0 || x.fullScore > questions[best]!.fullScore) ? i : best), -1) : -1;
  return { exam, subject, questions, essayIdx, longestExamNo: await repo.longestExamNo(q, exam.id) };
}

const defaultTitle = (src: Source) => `${src.exam.name} ${src.subject.course_name} 答题卡`;

const defaultsOf = new WeakMap<Source, CardSettings>();

function defaultSettings(src: Source): CardSettings {
  const hit = defaultsOf.get(src);
  if (hit) return hit;
  const base: CardSettings = {
    title: defaultTitle(src),
    admissionDigits: Math.max(1, Math.min(14, src.longestExamNo || 8)),
    pages: null,
    optionCount: 4,
    essayWords: src.essayIdx >= 0 ? CARD_ESSAY_WORDS.default : null,
    fillBlanks: src.questions.filter((q) => q.type === 'fill').map((q) => ({ questionId: q.id, blanks: 1 })),
    paper: 'A4',
    columns: 1,
    admissionMode: 'bubbles',
    // the question set-up's 选做 groups print as 选做题 boxes (K boxes for a group answered K times)
    choiceGroups: electiveGroupsOf(src.questions)
      .filter((g) => g.questions.length <= 6 && g.questions.every((q) => choosable(src).includes(q)))
      .map((g) => g.questions.map((q) => q.id)),
    overrides: [],
  };
  // A long paper (语文: a dozen answer boxes and an 800-character essay) may not fit on 4 A4 pages: the default
  // essay then gets the most characters, in hundreds, that fit, so every subject has a printable default card.
  if (base.essayWords !== null) {
    for (let words = CARD_ESSAY_WORDS.default; words >= CARD_ESSAY_WORDS.min; words -= 100) {
      try {
        layoutOf(cardInput(src, { ...base, essayWords: words }));
        base.essayWords = words;
        break;
      } catch (e) {
        if (!(e instanceof BizError)) throw e;
      }
    }
  }
  defaultsOf.set(src, base);
  return base;
}

/** The card input of the settings; the default settings give the card of the question set-up alone. */
function cardInput(src: Source, s: CardSettings): BuildCardInput {
  const blanks = new Map(s.fillBlanks.map((f) => [f.questionId, f.blanks]));
  // a 选做题 group is keyed by its first question's id; it prints K boxes when it is exactly a set-up group of K
  const choice = new Map(s.choiceGroups.flatMap((g) => g.map((qid) => [qid, String(g[0])] as const)));
  const pickOf = new Map(s.choiceGroups.map((g) => [String(g[0]), setUpPick(src, g)] as const));
  const letters = CARD_OPTION_LETTERS;
  const questions: CardQuestionInput[] = src.questions.map((q, i) => {
    if (i === src.essayIdx) return { no: q.no, type: 'essay', fullScore: q.fullScore, words: s.essayWords ?? CARD_ESSAY_WORDS.default };
    if (q.type === 'single' || q.type === 'multiple') {
      // the chosen count, more when the key names a later letter
      const max = Math.max(s.optionCount - 1, ...[...(q.answer ?? '').toUpperCase()].map((ch) => letters.indexOf(ch)));
      return { no: q.no, type: q.type, fullScore: q.fullScore, options: [...letters.slice(0, max + 1)] };
    }
    if (q.type === 'fill') return { no: q.no, type: 'fill', fullScore: q.fullScore, blanks: blanks.get(q.id) ?? 1 };
    const key = choice.get(q.id);
    return { no: q.no, type: q.type, fullScore: q.fullScore, ...(key ? { choice: key, choicePick: pickOf.get(key) } : {}) };
  });
  return {
    examName: src.exam.name, subjectName: src.subject.course_name, examSubjectId: src.subject.id, admissionDigits: s.admissionDigits, questions,
    paper: s.paper, columns: s.columns, admissionMode: s.admissionMode, overrides: s.overrides,
    ...(s.title !== defaultTitle(src) ? { title: s.title } : {}),
  };
}

/** Builds the layout on `pages` pages at most, or on the fewest of 2–4 that fit; a card that cannot be laid out is a 400. */
function layoutOf(input: BuildCardInput, pages: number | null = null): CardLayout {
  let last: unknown;
  for (const p of pages ? [pages] : [2, 3, 4]) {
    try {
      return buildCardLayout({ ...input, pages: p as 2 | 3 | 4 });
    } catch (e) {
      if (!(e instanceof CardLayoutError)) throw e;
      last = e;
    }
  }
  throw new BizError((last as Error).message);
}

/** K of a card's 选做 group: the set-up group's K when the card's group is exactly that group, else 1. */
function setUpPick(src: Source, ids: readonly number[]): number {
  const g = electiveGroupsOf(src.questions).find((x) => x.questions.some((q) => q.id === ids[0]));
  const same = !!g && g.questions.length === ids.length && g.questions.every((q) => ids.includes(q.id));
  return same ? g.pick : 1;
}

/** Subjective questions that may be 选做题 (the essay may not). */
const choosable = (src: Source) => src.questions.filter((q, i) => q.type === 'subjective' && i !== src.essayIdx);

const settingError = (field: keyof CardSettings | undefined, reason: string) =>
  new BizError(`答题卡设置不正确${field ? `（${CARD_SETTING_LABELS[field]}）` : ''}：${reason}`);

/**
 * The request's (possibly partial) settings over the defaults, checked against the schema and the subject:
 * the 考号 must fit, fill-in rows must be this subject's fill-in questions, an essay word count needs an essay.
 * Answers the settings in step with the questions (every fill-in question listed, in question order).
 */
function checkSettings(src: Source, raw: Partial<Record<keyof CardSettings, unknown>>): CardSettings {
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const r = cardSettingsSchema.safeParse({ ...defaultSettings(src), ...given });
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw settingError(issue.path[0] as keyof CardSettings | undefined, issue.message);
  }
  const s = r.data;
  const longest = src.longestExamNo;
  if (longest <= 14 && s.admissionDigits < longest) throw settingError('admissionDigits', `本次考试的考号最长 ${longest} 位，考号位数不能少于 ${longest}`);
  if (src.essayIdx < 0 && s.essayWords !== null) throw settingError('essayWords', '该科目没有作文题');
  const fills = src.questions.filter((q) => q.type === 'fill');
  const seen = new Set<number>();
  for (const f of s.fillBlanks) {
    if (!fills.some((q) => q.id === f.questionId)) throw settingError('fillBlanks', `小题 ${f.questionId} 不是该科目的填空题`);
    if (seen.has(f.questionId)) throw settingError('fillBlanks', `第 ${fills.find((q) => q.id === f.questionId)!.no} 题重复设置`);
    seen.add(f.questionId);
  }
  if (!(CARD_COLUMN_CHOICES[s.paper] as readonly number[]).includes(s.columns)) {
    throw settingError('columns', s.paper === 'A3' ? 'A3 横向只能分 2 或 3 栏' : 'A4 纵向只能分 1 或 2 栏');
  }
  const subjective = choosable(src);
  const grouped = new Set<number>();
  for (const g of s.choiceGroups) {
    for (const qid of g) {
      const q = subjective.find((x) => x.id === qid);
      if (!q) throw settingError('choiceGroups', `小题 ${qid} 不是该科目的解答题，不能作选做题`);
      if (grouped.has(qid)) throw settingError('choiceGroups', `第 ${q.no} 题重复设置`);
      grouped.add(qid);
    }
  }
  const blanks = new Map(s.fillBlanks.map((f) => [f.questionId, f.blanks]));
  return {
    ...s,
    essayWords: src.essayIdx >= 0 ? s.essayWords ?? CARD_ESSAY_WORDS.default : null,
    fillBlanks: fills.map((q) => ({ questionId: q.id, blanks: blanks.get(q.id) ?? 1 })),
  };
}

/**
 * Saved settings brought in step with the current questions (a removed fill-in question or essay dropped, the
 * 考号 widened to the longest); a title that was the default when saved follows the exam's name.
 */
function alignSaved(src: Source, saved: unknown, layout: CardLayout): CardSettings {
  const s = (saved && typeof saved === 'object' ? saved : {}) as Partial<CardSettings>;
  const fills = new Set(src.questions.filter((q) => q.type === 'fill').map((q) => q.id));
  const aligned = {
    ...s,
    title: s.title === `${layout.examName} ${layout.subjectName} 答题卡` ? defaultTitle(src) : s.title,
    admissionDigits: typeof s.admissionDigits === 'number' && src.longestExamNo <= 14 ? Math.max(s.admissionDigits, src.longestExamNo) : s.admissionDigits,
    essayWords: src.essayIdx >= 0 ? s.essayWords : null,
    fillBlanks: Array.isArray(s.fillBlanks) ? s.fillBlanks.filter((f) => fills.has(f?.questionId)) : undefined,
    // a group whose questions were removed (or are no longer subjective) loses them; fewer than two: dropped
    choiceGroups: Array.isArray(s.choiceGroups)
      ? s.choiceGroups.map((g) => (Array.isArray(g) ? g.filter((qid) => choosable(src).some((q) => q.id === qid)) : [])).filter((g) => g.length >= 2)
      : undefined,
  };
  try {
    return checkSettings(src, aligned);
  } catch (e) {
    if (e instanceof BizError) return defaultSettings(src);
    throw e;
  }
}

const buildFrom = (src: Source, s: CardSettings) => layoutOf(cardInput(src, s), s.pages);

/** The saved layout, validated again before it is printed or shown. */
function savedLayout(stored: unknown): CardLayout {
  try {
    return parseCardLayout(stored);
  } catch (e) {
    if (e instanceof CardLayoutError) throw new BizError(`已保存的答题卡无效，请恢复默认后重新制作（${e.message}）`);
    throw e;
  }
}

async function cardOf(db: Db | Tx, user: SchoolUser, src: Source): Promise<AnswerCard> {
  const row = await repo.findCard(db, user.schoolId, src.subject.id);
  const defaults = defaultSettings(src);
  let layout: CardLayout | null = null;
  let layoutError: string | null = null;
  if (row) layout = savedLayout(row.layout);
  else {
    // the default may not fit (e.g. 语文 with many answer boxes and an 800-character essay): the maker shows why
    try {
      layout = buildFrom(src, defaults);
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      layoutError = e.message;
    }
  }
  const settings = row && layout ? alignSaved(src, row.settings, layout) : defaults;
  let outdated = false;
  if (row) {
    try {
      const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
      outdated = !isDeepStrictEqual(plain(buildFrom(src, settings)), plain(layout));
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      outdated = true;
    }
  }
  return {
    examSubjectId: src.subject.id,
    examId: src.exam.id,
    examName: src.exam.name,
    courseCode: src.subject.course_code,
    subjectName: src.subject.course_name,
    saved: !!row,
    outdated,
    settings,
    defaults,
    layout,
    layoutError,
    pageCount: layout?.pages.length ?? 0,
    fillQuestions: src.questions.filter((q) => q.type === 'fill').map((q) => ({ questionId: q.id, no: q.no, fullScore: q.fullScore })),
    subjectiveQuestions: choosable(src).map((q) => ({ questionId: q.id, no: q.no, fullScore: q.fullScore })),
    issues: layout ? validateCardLayout(layout) : [],
    hasEssay: src.essayIdx >= 0,
    minAdmissionDigits: Math.max(1, Math.min(14, src.longestExamNo || 1)),
    updatedBy: row ? row.updatedBy : null,
    updatedAt: row ? Math.floor(new Date(row.updatedAt).getTime() / 1000) : null,
  };
}

// ---------------------------------------------------------------- commands

/** card/find: the saved card, or the default with saved = false. */
export async function getCard(db: Db, user: SchoolUser, examSubjectId: number): Promise<AnswerCard> {
  return cardOf(db, user, await sourceOf(db, user, examSubjectId));
}

/** card/preview: the card of the given settings (nothing saved), or without settings the saved / default card, as HTML. */
export async function previewHtml(db: Db, user: SchoolUser, examSubjectId: number, settings?: Partial<Record<keyof CardSettings, unknown>>): Promise<string> {
  if (!settings) return (await cardHtml())((await printableCard(db, user, examSubjectId)).layout);
  const src = await sourceOf(db, user, examSubjectId);
  return (await cardHtml())(buildFrom(src, checkSettings(src, settings)));
}

/** card/save: checks the settings, builds the layout and stores both in one transaction. */
export async function saveCard(db: Db, user: SchoolUser, examSubjectId: number, settings: Partial<Record<keyof CardSettings, unknown>>): Promise<AnswerCard> {
  await db.transaction().execute(async (tx) => {
    const src = await sourceOf(tx, user, examSubjectId, 'edit');
    const s = checkSettings(src, settings);
    const layout = buildFrom(src, s);
    const issues = validateCardLayout(layout);
    if (issues.length) {
      throw new BizError(`答题卡版式有问题，未保存：${issues.slice(0, 3).map((i) => i.message).join('；')}${issues.length > 3 ? `；等 ${issues.length} 处` : ''}`);
    }
    await repo.saveCard(tx, { schoolId: user.schoolId, examSubjectId: src.subject.id, settings: s, layout, userId: user.id });
  });
  return getCard(db, user, examSubjectId);
}

/** card/layout: the layout of the given settings and its problems (the maker's live check), nothing saved. */
export async function checkLayout(db: Db, user: SchoolUser, examSubjectId: number, settings: Partial<Record<keyof CardSettings, unknown>>): Promise<CardLayoutCheck> {
  const src = await sourceOf(db, user, examSubjectId);
  const layout = buildFrom(src, checkSettings(src, settings));
  return { layout, issues: validateCardLayout(layout) };
}

/** card/reset: deletes the saved card; the default card is answered. */
export async function resetCard(db: Db, user: SchoolUser, examSubjectId: number): Promise<AnswerCard> {
  const { subject } = await subjectFor(db, user, examSubjectId, 'edit');
  await repo.deleteCard(db, user.schoolId, subject.id);
  return getCard(db, user, examSubjectId);
}

/** The layout to print: the saved one as stored, else the default card. */
export async function printableCard(db: Db, user: SchoolUser, examSubjectId: number): Promise<{ examId: number; subjectName: string; layout: CardLayout }> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const row = await repo.findCard(db, user.schoolId, subject.id);
  if (row) return { examId: exam.id, subjectName: subject.course_name, layout: savedLayout(row.layout) };
  const src = await sourceOf(db, user, examSubjectId);
  return { examId: exam.id, subjectName: subject.course_name, layout: buildFrom(src, defaultSettings(src)) };
}

/** render/card_preview: the card that would be printed, as HTML. */
export async function cardPreviewHtml(ctx: AppContext, user: SchoolUser, examSubjectId: number): Promise<string> {
  if (!user.permissions.has('exam:exam:view')) throw forbidden();
  return (await cardHtml())((await printableCard(ctx.db, user, examSubjectId)).layout);
}

/** The card's HTML renderer (React), loaded on the first preview rather than at start (memory of an idle api). */
async function cardHtml() {
  return (await import('@jz/report-templates/card/render')).renderCardHtml;
}
