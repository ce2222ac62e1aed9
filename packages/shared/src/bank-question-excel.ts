/**
 * 校本题库 questions in Excel: the template (题型, 题干, 选项A–D, 答案, 解析, 难度, 知识点, 标签) and the check of
 * one row, pure so that the api and its tests share it. Stems and analyses are plain text with $…$ formulas (or the
 * bank's HTML, as an export writes it); knowledge points are named by name or by path (函数/二次函数).
 */
import type { ExcelTemplate } from './excel-templates.js';
import { QUESTION_TYPE_NAMES, type QuestionType } from './api/exam.js';

export const OPTION_LABELS = ['A', 'B', 'C', 'D'] as const;
const STEM_MAX = 20_000;

const col = (header: string, key: string, required: boolean, width: number, note: string) => ({ header, key, required, width, note, text: true });

export const BANK_QUESTION_TEMPLATE: ExcelTemplate = {
  sheetName: '试题',
  templateFileName: '试题导入模板.xlsx',
  columns: [
    col('题型', 'type', true, 10, `必填：${Object.values(QUESTION_TYPE_NAMES).join('、')}`),
    col('题干', 'stem', true, 60, '必填；公式写在 $…$ 中（LaTeX），如 $x^2+1$'),
    ...OPTION_LABELS.map((l) => col(`选项${l}`, `option${l}`, false, 20, '选择题至少填写 A、B 两项，且从 A 起连续填写；其他题型不填')),
    col('答案', 'answer', false, 12, '单选题填一个字母，多选题填多个字母（如 ACD），其他题型填文字'),
    col('解析', 'analysis', false, 40, '选填'),
    col('难度', 'difficulty', false, 8, '选填：0 到 1 之间的得分率，如 0.65'),
    col('知识点', 'points', false, 30, '选填：本学科知识点树中的名称或路径（如 函数/二次函数），多个用顿号隔开'),
    col('标签', 'tags', false, 20, '选填：多个用顿号隔开，每个不超过 20 字'),
  ],
};

const TYPE_BY_NAME = new Map<string, QuestionType>(Object.entries(QUESTION_TYPE_NAMES).map(([k, v]) => [v, k as QuestionType]));
const LIST_SEP = /[、,，;；]/;

export interface PointRef { id: number; name: string; path: string }

export interface CheckedQuestionRow {
  type: QuestionType;
  stem: string;
  options: { label: string; content: string }[];
  answer: string;
  analysis: string;
  difficulty: number | null;
  pointIds: number[];
  tags: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** A cell as the bank's HTML: HTML kept (an export re-imported), plain text escaped, one paragraph per line. */
export function cellHtml(text: string): string {
  if (!text) return '';
  if (/^<(p|div|span|img|table|ol|ul)[\s>]/i.test(text)) return text;
  return text.split(/\r?\n/).map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

/**
 * Checks one row; returns the question or every problem as [column key, reason]. `points` are the course's
 * knowledge points with their paths ('函数 / 二次函数').
 */
export function checkQuestionRow(cells: Record<string, string>, points: PointRef[]): { row: CheckedQuestionRow } | { errors: [string, string][] } {
  const errors: [string, string][] = [];
  const type = TYPE_BY_NAME.get(cells.type ?? '');
  if (!cells.type) errors.push(['type', '请填写题型']);
  else if (!type) errors.push(['type', `题型“${cells.type.slice(0, 10)}”应为${Object.values(QUESTION_TYPE_NAMES).join('、')}之一`]);
  if (!cells.stem) errors.push(['stem', '请填写题干']);
  else if (cells.stem.length > STEM_MAX) errors.push(['stem', `题干不能超过${STEM_MAX}个字符`]);
  if ((cells.analysis ?? '').length > STEM_MAX) errors.push(['analysis', `解析不能超过${STEM_MAX}个字符`]);
  if ((cells.answer ?? '').length > 5_000) errors.push(['answer', '答案不能超过5000个字符']);

  const choice = type === 'single' || type === 'multiple';
  const options: { label: string; content: string }[] = [];
  let gap = false;
  for (const l of OPTION_LABELS) {
    const v = cells[`option${l}`] ?? '';
    if (!v) { gap = true; continue; }
    if (!choice && type) { errors.push([`option${l}`, `${QUESTION_TYPE_NAMES[type]}不填选项`]); continue; }
    if (gap) errors.push([`option${l}`, `选项${l}前面的选项为空，请从 A 起连续填写`]);
    else if (v.length > 5_000) errors.push([`option${l}`, '选项内容不能超过5000个字符']);
    options.push({ label: l, content: /^</.test(v) ? v : escapeHtml(v) });
  }
  let answer = cells.answer ?? '';
  if (choice) {
    if (options.length < 2) errors.push(['optionA', '选择题至少需要 A、B 两个选项']);
    const key = answer.toUpperCase().replace(/[\s,，、]/g, '');
    if (!key) errors.push(['answer', '请填写选择题的答案']);
    else if ([...key].some((c) => !options.some((o) => o.label === c))) errors.push(['answer', `答案“${answer.slice(0, 10)}”不在已填写的选项中`]);
    else if (type === 'single' && key.length > 1) errors.push(['answer', '单选题只能有一个答案']);
    else if (new Set(key).size !== key.length) errors.push(['answer', '答案中有重复的字母']);
    answer = [...key].sort().join('');
  }

  let difficulty: number | null = null;
  if (cells.difficulty) {
    const d = Number(cells.difficulty);
    if (!/^\d*\.?\d+$/.test(cells.difficulty) || !(d >= 0 && d <= 1)) errors.push(['difficulty', `难度“${cells.difficulty.slice(0, 10)}”应为 0 到 1 之间的数`]);
    else difficulty = d;
  }

  const pointIds: number[] = [];
  for (const name of (cells.points ?? '').split(LIST_SEP).map((s) => s.trim()).filter(Boolean)) {
    const wanted = name.split(/\s*\/\s*/).join(' / ');
    const byPath = points.filter((p) => p.path === wanted);
    const hits = byPath.length ? byPath : points.filter((p) => p.name === name);
    if (!hits.length) errors.push(['points', `知识点“${name.slice(0, 20)}”不在本学科的知识点树中`]);
    else if (hits.length > 1) errors.push(['points', `知识点“${name.slice(0, 20)}”有重名，请写路径（如 ${hits[0]!.path.replace(/ \/ /g, '/')}）`]);
    else if (!pointIds.includes(hits[0]!.id)) pointIds.push(hits[0]!.id);
  }
  if (pointIds.length > 50) errors.push(['points', '每题最多 50 个知识点']);

  const tags = [...new Set((cells.tags ?? '').split(LIST_SEP).map((s) => s.trim()).filter(Boolean))];
  if (tags.some((t) => t.length > 20)) errors.push(['tags', '每个标签不超过 20 字']);
  if (tags.length > 20) errors.push(['tags', '每题最多 20 个标签']);

  if (errors.length || !type) return { errors };
  return { row: { type, stem: cellHtml(cells.stem!), options: choice ? options : [], answer, analysis: cellHtml(cells.analysis ?? ''), difficulty, pointIds, tags } };
}
