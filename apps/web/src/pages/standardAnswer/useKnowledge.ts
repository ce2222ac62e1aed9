import { useMemo, useState } from 'react';
import { useApiData } from '@/hooks/useApiData';
import { exportKnowledge, findKnowledge, importKnowledge, saveKnowledge, type KnowledgeSheet } from '@/api/standardAnswer';
import { feedbackMessage, runAction, runDownload } from '@/components/table';

/** State of the 知识点 tab: each question's points as edited, save, Excel in and out. */
export function useKnowledge(examSubjectId: number) {
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const [saving, setSaving] = useState(false);
  const resetDrafts = (s: KnowledgeSheet) => setDrafts(Object.fromEntries(s.questions.map((q) => [q.id, q.knowledgePoints])));
  const { data: sheet, setData: setSheet, loading, error, reload } = useApiData(() => findKnowledge(examSubjectId), examSubjectId, resetDrafts);
  const apply = (s: KnowledgeSheet) => { setSheet(s); resetDrafts(s); };

  const changed = useMemo(() => (sheet?.questions ?? []).filter((q) => (drafts[q.id] ?? []).join('\u0000') !== q.knowledgePoints.join('\u0000')), [sheet, drafts]);
  /** Every point used in the subject (for the tag pickers). */
  const known = useMemo(() => [...new Set(Object.values(drafts).flat())], [drafts]);

  const setPoints = (id: number, points: string[]) => setDrafts((d) => ({ ...d, [id]: [...new Set(points.map((p) => p.trim()).filter(Boolean))] }));
  const save = async () => {
    if (!changed.length) { feedbackMessage().warning('知识点没有修改'); return; }
    setSaving(true);
    const r = await runAction(saveKnowledge(examSubjectId, changed.map((q) => ({ questionId: q.id, knowledgePoints: drafts[q.id] ?? [] })))).finally(() => setSaving(false));
    if (r?.data) apply(r.data);
  };
  const importFile = (file: File) => importKnowledge(examSubjectId, file);
  const exportFile = () => runDownload(exportKnowledge(examSubjectId), '知识点.xlsx');
  return { sheet, drafts, loading, saving, error, changed, known, setPoints, save, reload, importFile, exportFile };
}
