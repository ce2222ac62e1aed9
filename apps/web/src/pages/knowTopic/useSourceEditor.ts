import { useEffect, useRef, useState } from 'react';
import { message } from 'antd';
import { findCourses, findQuestion, findQuestions, saveQuestion, type BankCourse, type BankQuestion } from '@/api/questionBank';

export type Field = 'stem' | 'analysis';
type Draft = Pick<BankQuestion, 'courseCode' | 'type' | 'stem' | 'options' | 'answer' | 'analysis' | 'difficulty' | 'tags'> & { pointIds: number[] };

const EMPTY_OPTIONS = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: '' }));

/**
 * /ckeditor/test state: a bank question loaded by ?id= (or a new one of ?courseCode=), its HTML source edited as
 * text with formulas inserted at the cursor, and saved through the bank's own save call (points, tags kept).
 */
export function useSourceEditor(id: number | undefined, courseCode: string) {
  const [courses, setCourses] = useState<BankCourse[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [picks, setPicks] = useState<BankQuestion[]>([]);
  const [saving, setSaving] = useState(false);
  const focused = useRef<{ field: Field; el: HTMLTextAreaElement } | null>(null);

  useEffect(() => { void findCourses().then((r) => { if (r.code === 200) setCourses(r.data); }); }, []);
  useEffect(() => {
    if (id) {
      void findQuestion(id).then((r) => {
        if (r.code !== 200) return;
        const q = r.data;
        setDraft({ courseCode: q.courseCode, type: q.type, stem: q.stem, options: q.options.length ? q.options : EMPTY_OPTIONS, answer: q.answer, analysis: q.analysis,
          difficulty: q.difficulty, tags: q.tags, pointIds: q.points.map((p) => p.id) });
      });
    } else if (courseCode) {
      setDraft({ courseCode, type: 'single', stem: '', options: EMPTY_OPTIONS, answer: '', analysis: '', difficulty: null, tags: [], pointIds: [] });
    } else setDraft(null);
  }, [id, courseCode]);

  const search = (code: string, keyword?: string) => {
    void findQuestions({ courseCode: code, keyword, size: 50 }).then((r) => { if (r.code === 200) setPicks(r.data.records); });
  };
  const patch = (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d));

  /** Inserts a snippet at the cursor of the last focused source box (the stem by default). */
  const insert = (snippet: string) => {
    if (!draft) return;
    const f = focused.current;
    const field: Field = f?.field ?? 'stem';
    const text = draft[field];
    const at = f ? f.el.selectionStart : text.length;
    const end = f ? f.el.selectionEnd : text.length;
    patch({ [field]: text.slice(0, at) + snippet + text.slice(end) } as Partial<Draft>);
    requestAnimationFrame(() => { if (f) { f.el.focus(); f.el.setSelectionRange(at + snippet.length, at + snippet.length); } });
  };

  const save = async (): Promise<number | null> => {
    if (!draft) return null;
    setSaving(true);
    try {
      const choice = draft.type === 'single' || draft.type === 'multiple';
      const r = await saveQuestion({ id, ...draft, options: choice ? draft.options.filter((o) => o.content.trim()) : [] });
      if (r.code !== 200) return null;
      message.success('保存成功');
      return r.data.id;
    } finally { setSaving(false); }
  };

  return { courses, draft, picks, saving, focused, search, patch, insert, save };
}
