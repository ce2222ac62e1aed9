import { useEffect, useState } from 'react';
import { findAnalysisExams, findReportFilter, type AnalysisExam } from '@/api/report';
import { findExamPage } from '@/api/exam';
import { assemblePaper, findPaper, findPapers, savePaper, type Assembled, type PaperPart, type SavedPaperRow } from '@/api/questionBankOut';

/** Released exams (newest first) for the bank's dialogs. */
export function useReleasedExams(open: boolean) {
  const [exams, setExams] = useState<AnalysisExam[]>([]);
  useEffect(() => {
    if (!open) return;
    void findAnalysisExams({ current: 1, size: 100 }).then((r) => { if (r.code === 200) setExams(r.data.records); });
  }, [open]);
  return exams;
}

/** The classes of a released exam the caller may see (the report filter's list; 0 = 全年级 left out). */
export function useExamClasses(examId: number | undefined) {
  const [classes, setClasses] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    setClasses([]);
    if (!examId) return;
    void findReportFilter({ examId }).then((r) => { if (r.code === 200) setClasses(r.data.classes.filter((c) => c.value !== 0).map((c) => ({ value: c.value, label: c.label }))); });
  }, [examId]);
  return classes;
}

/** Exam subjects of the course whose exams are not released (a paper may become their 小题 and answer card). */
export function useOpenSubjects(open: boolean, courseCode: string) {
  const [subjects, setSubjects] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    if (!open || !courseCode) return;
    void findExamPage({ current: 1, size: 100 }).then((r) => {
      if (r.code !== 200) return;
      setSubjects(r.data.records.filter((e) => e.status < 4).flatMap((e) => e.subjects.filter((s) => s.courseCode === courseCode)
        .map((s) => ({ value: s.id, label: `${e.name} · ${s.courseName}（满分 ${s.fullScore}）` }))));
    });
  }, [open, courseCode]);
  return subjects;
}

export const DEFAULT_PARTS: PaperPart[] = [{ type: 'single', count: 4, score: 5 }, { type: 'subjective', count: 2, score: 10 }];

/** 组卷 state: the request, the chosen questions in the teacher's order with their section headings, the saved paper. */
export function usePaperAssembly(courseCode: string, open: boolean) {
  const [parts, setParts] = useState<PaperPart[]>(DEFAULT_PARTS);
  const [target, setTarget] = useState(0.65);
  const [pointIds, setPointIds] = useState<number[]>([]);
  const [paper, setPaper] = useState<Assembled | null>(null);
  const [loading, setLoading] = useState(false);
  const [savedId, setSavedId] = useState<number>();
  const [saved, setSaved] = useState<SavedPaperRow[]>([]);
  const refresh = () => { void findPapers(courseCode).then((r) => { if (r.code === 200) setSaved(r.data); }); };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { if (open && courseCode) refresh(); }, [open, courseCode]);
  const run = async () => {
    setLoading(true);
    try {
      const r = await assemblePaper({ courseCode, pointIds, targetDifficulty: target, parts });
      if (r.code === 200) { setPaper(r.data); setSavedId(undefined); }
    } finally { setLoading(false); }
  };
  /** Opens a saved paper in its saved order; answers its title. */
  const reopen = async (id: number) => {
    const r = await findPaper(id);
    if (r.code !== 200) return null;
    setPaper(r.data);
    setSavedId(id);
    return r.data.title;
  };
  const save = async (title: string) => {
    if (!paper) return false;
    const r = await savePaper({ id: savedId, courseCode, title, items: paper.items.map((x) => ({ questionId: x.questionId, score: x.score, section: x.section })) });
    if (r.code !== 200) return false;
    setSavedId(r.data.id);
    refresh();
    return true;
  };
  /** Renames the section heading of the run of questions that item i belongs to. */
  const rename = (i: number, name: string) => setPaper((p) => {
    if (!p) return p;
    const old = p.items[i]!.section;
    let from = i;
    let to = i;
    while (from > 0 && p.items[from - 1]!.section === old) from--;
    while (to < p.items.length - 1 && p.items[to + 1]!.section === old) to++;
    return { ...p, items: p.items.map((x, k) => (k >= from && k <= to ? { ...x, section: name } : x)) };
  });
  const move = (i: number, by: -1 | 1) => setPaper((p) => {
    if (!p) return p;
    const j = i + by;
    if (j < 0 || j >= p.items.length) return p;
    const items = [...p.items];
    [items[i], items[j]] = [items[j]!, items[i]!];
    return { ...p, items };
  });
  const remove = (i: number) => setPaper((p) => (p ? { ...p, items: p.items.filter((_, k) => k !== i), totalScore: p.totalScore - p.items[i]!.score } : p));
  return { parts, setParts, target, setTarget, pointIds, setPointIds, paper, loading, run, move, remove, rename, saved, savedId, reopen, save };
}
