import { createElement, useMemo, useState } from 'react';
import { App } from 'antd';
import { useApiData } from '@/hooks/useApiData';
import {
  exportAnswers, findAnswers, finishedEnterAnswer, importAnswers, type AnswerInput, type AnswerQuestion, type AnswerSheet, type KeyChangePreview,
} from '@/api/standardAnswer';
import { calculateScore } from '@/api/scan';
import { feedbackMessage, runAction, runDownload } from '@/components/table';
import type { ApiResult } from '@/utils/request';
import { KeyChangeList } from './KeyChangeList';

/** How a correct but incomplete multiple choice scores: half the full score, a fixed 部分得分, or 选对一项得分 × options. */
export type PartialRule = 'half' | 'partial' | 'option';

/** One question's key as edited on the page. */
export interface KeyDraft { answer: string; rule: PartialRule; points: number | null }

const draftOf = (q: AnswerQuestion): KeyDraft => ({
  answer: q.answer ?? '',
  rule: q.optionScore !== null ? 'option' : q.partialScore !== null ? 'partial' : 'half',
  points: q.optionScore ?? q.partialScore,
});

const inputOf = (q: AnswerQuestion, d: KeyDraft): AnswerInput => ({
  questionId: q.id,
  answer: d.answer.trim() || null,
  partialScore: q.type === 'multiple' && d.rule === 'partial' ? d.points : null,
  optionScore: q.type === 'multiple' && d.rule === 'option' ? d.points : null,
});

const same = (a: AnswerInput, b: AnswerInput) => (a.answer ?? null) === (b.answer ?? null) && (a.partialScore ?? null) === (b.partialScore ?? null) && (a.optionScore ?? null) === (b.optionScore ?? null);

/** Splits a typed row of keys (连续录入): by spaces, commas or 、; a run of letters without separators is one key per letter. */
export function splitKeys(text: string): string[] {
  const parts = text.trim().toUpperCase().split(/[\s,，、;；]+/).filter(Boolean);
  return parts.length === 1 && /^[A-H]{2,}$/.test(parts[0]!) ? [...parts[0]!] : parts;
}

/**
 * State of 录入标准答案's key table: the sheet, the drafts per question, saving (with the release confirmation),
 * the Excel import (the same confirmation) and export.
 */
export function useAnswerKeys(examSubjectId: number) {
  const { modal } = App.useApp();
  const [drafts, setDrafts] = useState<Record<number, KeyDraft>>({});
  const [saving, setSaving] = useState(false);
  const resetDrafts = (s: AnswerSheet) => setDrafts(Object.fromEntries(s.questions.map((q) => [q.id, draftOf(q)])));
  const { data: sheet, setData: setSheet, loading, error, reload } = useApiData(() => findAnswers(examSubjectId), examSubjectId, resetDrafts);
  const apply = (s: AnswerSheet) => { setSheet(s); resetDrafts(s); };

  const patch = (id: number, p: Partial<KeyDraft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id]!, ...p } }));
  const changed = useMemo(() => (sheet?.questions ?? []).filter((q) => drafts[q.id] && !same(inputOf(q, drafts[q.id]!), inputOf(q, draftOf(q)))), [sheet, drafts]);

  /** Fills the objective questions' answers in paper order from a typed row; returns how many were filled. */
  const fillRow = (text: string, fromNo?: string): number => {
    const keys = splitKeys(text);
    const objective = (sheet?.questions ?? []).filter((q) => q.objective);
    const start = Math.max(0, fromNo ? objective.findIndex((q) => q.no === fromNo) : 0);
    const targets = objective.slice(start, start + keys.length);
    setDrafts((d) => ({ ...d, ...Object.fromEntries(targets.map((q, i) => [q.id, { ...d[q.id]!, answer: keys[i]! }])) }));
    return targets.length;
  };

  /** Asks the user to confirm a key change of a released exam (code 409 with what would change). */
  const confirmRelease = (res: ApiResult<unknown>) => new Promise<boolean>((resolve) => {
    modal.confirm({
      title: '确认更正标准答案',
      width: 560,
      content: createElement(KeyChangeList, { message: res.msg, preview: res.data as KeyChangePreview }),
      okText: '确认更正', cancelText: '取消', okButtonProps: { danger: true },
      onOk: () => resolve(true), onCancel: () => resolve(false),
    });
  });

  const save = async () => {
    if (!sheet || !changed.length) { feedbackMessage().warning('答案没有修改'); return; }
    const answers = changed.map((q) => inputOf(q, drafts[q.id]!));
    setSaving(true);
    try {
      let res = await finishedEnterAnswer(examSubjectId, answers);
      if (res.code === 409 && res.data && await confirmRelease(res)) res = await finishedEnterAnswer(examSubjectId, answers, true);
      if (res.code === 200 && res.data) { apply(res.data.sheet); feedbackMessage().success(res.msg); } else if (res.code !== 409 && res.code !== 401) feedbackMessage().error(res.msg || '保存失败');
    } catch { feedbackMessage().error('保存失败，请稍后重试'); } finally { setSaving(false); }
  };

  /** The Excel import, confirmed like a save when the exam is released. */
  const importFile = async (file: File): Promise<ApiResult<unknown>> => {
    const res = await importAnswers(examSubjectId, file);
    if (res.code !== 409 || !res.data) return res;
    if (!(await confirmRelease(res))) return { code: 400, msg: '已取消导入，标准答案未修改', data: null };
    return importAnswers(examSubjectId, file, true);
  };

  const exportFile = () => runDownload(exportAnswers(examSubjectId), '标准答案.xlsx');
  /** calculateScore: the scanned sheets' objective scores written again from their readings and the current keys. */
  const recalc = async () => {
    const r = await runAction(calculateScore(examSubjectId), { silentSuccess: true });
    if (!r) return;
    feedbackMessage().success(`已按识别结果重新计算 ${r.data.scored} 名考生的客观题得分（缺考 ${r.data.absent} 人，异常或未扫 ${r.data.skipped} 人未计算）`);
    void reload();
  };
  const reset = () => sheet && apply(sheet);

  return { sheet, drafts, loading, saving, error, changed, patch, fillRow, save, reset, reload, importFile, exportFile, recalc };
}
