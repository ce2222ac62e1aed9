import { useEffect, useState } from 'react';
import { addSubjectStudents, findGradeCandidates, findSubjectStudents, importSubjectStudents, removeSubjectStudents, type GradeCandidate, type SubjectStudent } from '@/api/examRoom';
import { findClassTree, type ClassNode } from '@/api/school';
import { loadData, runAction, useTable } from '@/components/table';

type Filter = { classId?: number; keyword?: string; taking?: 'yes' | 'no' };

/** State of 选择考生名单: the subject's candidates, the counts, remove / add back, and 从年级导入. */
export function useSelectStudentList(examSubjectId: number, gradeId: number) {
  const [counts, setCounts] = useState<{ examCount: number; takingCount: number } | null>(null);
  const table = useTable<SubjectStudent, Filter>(async (q) => {
    const res = await findSubjectStudents({ ...q, examSubjectId });
    if (res.code === 200 && res.data) setCounts({ examCount: res.data.examCount, takingCount: res.data.takingCount });
    return res;
  }, { defaultSize: 20 });
  const [classes, setClasses] = useState<ClassNode[]>([]);
  useEffect(() => { void loadData(findClassTree(), []).then((t) => setClasses(t.find((g) => Number(g.id) === gradeId)?.classes ?? [])); }, [gradeId]);
  const selected = table.selectedRowKeys.map(Number);
  const [busy, setBusy] = useState(false);
  const act = async (fn: (ids: number[]) => ReturnType<typeof removeSubjectStudents>) => {
    if (!selected.length) return;
    setBusy(true);
    const res = await runAction(fn(selected));
    setBusy(false);
    if (res) table.reload();
  };

  // 从年级导入: students of the grade not in the exam
  const [importing, setImporting] = useState(false);
  const [candidates, setCandidates] = useState<GradeCandidate[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [candidateFilter, setCandidateFilter] = useState<{ classId?: number; keyword?: string }>({});
  useEffect(() => {
    if (!importing) return;
    void loadData(findGradeCandidates({ examSubjectId, ...candidateFilter }), []).then(setCandidates);
  }, [importing, examSubjectId, candidateFilter]);
  const openImport = () => { setPicked([]); setCandidateFilter({}); setImporting(true); };
  const confirmImport = async () => {
    if (!picked.length) return;
    setBusy(true);
    const res = await runAction(importSubjectStudents(examSubjectId, picked));
    setBusy(false);
    if (res) { setImporting(false); table.reload(); }
  };

  return {
    table, counts, classes, selected, busy,
    remove: () => act((ids) => removeSubjectStudents(examSubjectId, ids)),
    addBack: () => act((ids) => addSubjectStudents(examSubjectId, ids)),
    importing, setImporting, openImport, candidates, picked, setPicked, setCandidateFilter, confirmImport,
  };
}
