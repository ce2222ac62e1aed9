import { useRef, useState } from 'react';
import { BATCH_UPLOAD_PATH, type ScanBatch } from '@/api/scan';
import { feedbackMessage } from '@/components/table';
import { uploadWithProgress } from '@/utils/upload';

/** Files chosen for one batch, the 双面 option, and the upload with its progress (bytes sent / total). */
export function useBatchUpload(examSubjectId: number, onUploaded: (b: ScanBatch | null) => void) {
  const [files, setFiles] = useState<File[]>([]);
  const [duplex, setDuplex] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const add = (list: File[]) => setFiles((old) => {
    const seen = new Set(old.map((f) => `${f.name}:${f.size}`));
    return [...old, ...list.filter((f) => !seen.has(`${f.name}:${f.size}`))];
  });
  const remove = (f: File) => setFiles((old) => old.filter((x) => x !== f));
  const clear = () => { setFiles([]); setError(''); setPercent(null); };

  const start = async () => {
    if (!files.length) { feedbackMessage().warning('请先选择扫描文件'); return; }
    abort.current = new AbortController();
    setError('');
    setUploading(true);
    setPercent(0);
    try {
      const res = await uploadWithProgress<ScanBatch>(BATCH_UPLOAD_PATH, files, { examSubjectId: String(examSubjectId), duplex: duplex ? '1' : '0' },
        (p) => setPercent(Math.min(100, Math.floor((p.loaded / Math.max(1, p.total)) * 100))), abort.current.signal);
      if (res.code === 200) {
        setPercent(100);
        feedbackMessage().success(res.msg && res.msg !== 'success' ? res.msg : '上传成功，正在识别');
        setFiles([]);
        onUploaded(res.data ?? null);
      } else {
        setError(res.msg || '上传失败');
        setPercent(null);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : '上传失败');
      setPercent(null);
    } finally {
      abort.current = null;
      setUploading(false);
    }
  };
  const cancel = () => abort.current?.abort();
  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  return { files, add, remove, clear, duplex, setDuplex, percent, uploading, error, start, cancel, totalBytes };
}
