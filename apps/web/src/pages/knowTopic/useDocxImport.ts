import { useState } from 'react';
import { confirmDocx, previewDocx, type DocxPreview } from '@/api/questionImport';

/**
 * 导入试卷 state: the chosen .docx, its preview (questions split, formulas and images shown, nothing written), the
 * refusal's list of problems (第 N 题…), and the confirmation that sends the same file with the preview's digest.
 */
export function useDocxImport(courseCode: string, onDone: (created: number) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DocxPreview | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => { setFile(null); setPreview(null); setProblems([]); };
  const choose = async (f: File) => {
    reset();
    setFile(f);
    setBusy(true);
    try {
      const r = await previewDocx(courseCode, f);
      if (r.code === 200) setPreview(r.data);
      else setProblems((r.data as { errors?: string[] } | null)?.errors ?? [r.msg]);
    } finally { setBusy(false); }
  };
  const confirm = async () => {
    if (!file || !preview) return;
    setBusy(true);
    try {
      const r = await confirmDocx(courseCode, preview.digest, file);
      if (r.code === 200) { reset(); onDone(r.data.created); } else setProblems((r.data as { errors?: string[] } | null)?.errors ?? [r.msg]);
    } finally { setBusy(false); }
  };
  return { file, preview, problems, busy, choose, confirm, reset };
}
