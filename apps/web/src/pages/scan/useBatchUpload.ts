import { useRef, useState } from 'react';
import { BATCH_UPLOAD_PATH, SCAN_LIMITS, type ScanUploadResult } from '@/api/scan';
import { feedbackMessage } from '@/components/table';
import { uploadWithProgress } from '@/utils/upload';

/** Files chosen for one batch, the 双面 option, and the upload with its progress (bytes sent / total). */
export function useBatchUpload(examSubjectId: number, onUploaded: (r: ScanUploadResult | null) => void) {
  const [files, setFiles] = useState<File[]>([]);
  const [duplex, setDuplex] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  /** Files of the last upload the server could not read (kept as 文件无法读取 abnormals). */
  const [rejected, setRejected] = useState<ScanUploadResult['rejectedFiles']>([]);
  const abort = useRef<AbortController | null>(null);

  const add = (list: File[]) => setFiles((old) => {
    const seen = new Set(old.map((f) => `${f.name}:${f.size}`));
    return [...old, ...list.filter((f) => !seen.has(`${f.name}:${f.size}`))];
  });
  const remove = (f: File) => setFiles((old) => old.filter((x) => x !== f));
  const clear = () => { setFiles([]); setError(''); setPercent(null); };

  const start = async () => {
    if (!files.length) { feedbackMessage().warning('请先选择扫描文件'); return; }
    const total = files.reduce((s, f) => s + f.size, 0);
    if (total > SCAN_LIMITS.batchBytes) { setError(`一次上传的文件总大小不能超过 ${SCAN_LIMITS.batchBytes / 1024 ** 3} GB，请分批上传`); return; }
    if (files.length > SCAN_LIMITS.files) { setError(`一次最多上传 ${SCAN_LIMITS.files} 个文件，请分批上传`); return; }
    abort.current = new AbortController();
    setError('');
    setUploading(true);
    setRejected([]);
    setPercent(0);
    try {
      const res = await uploadWithProgress<ScanUploadResult>(BATCH_UPLOAD_PATH, files, { examSubjectId: String(examSubjectId), duplex: duplex ? 'true' : 'false' },
        (p) => setPercent(Math.min(100, Math.floor((p.loaded / Math.max(1, p.total)) * 100))), abort.current.signal);
      if (res.code === 200) {
        setPercent(100);
        feedbackMessage().success(res.msg && res.msg !== 'success' ? res.msg : '上传成功，正在识别');
        setFiles([]);
        setRejected(res.data?.rejectedFiles ?? []);
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
  return { files, add, remove, clear, duplex, setDuplex, percent, uploading, rejected, error, start, cancel, totalBytes };
}
