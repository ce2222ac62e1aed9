import { useCallback, useEffect, useRef, useState } from 'react';
import { message } from 'antd';
import { createStudentSlip, downloadStudentSlip, getStudentSlip } from '@/api/student';
import { saveBlob } from '@/utils/request';

const POLL_MS = 800;

/** 下载成绩单: creates her slip job, polls it, then saves the PDF under the server's name. */
export function useStudentSlip(examId: number) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const alive = useRef(true);
  useEffect(() => { alive.current = true; return () => { alive.current = false; }; }, []);

  const download = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    setProgress(0);
    try {
      const created = await createStudentSlip(examId);
      if (created.code !== 200 || !created.data) { if (created.code !== 401) message.error(created.msg || '生成成绩单失败'); return; }
      const { jobId } = created.data;
      for (;;) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!alive.current) return;
        const res = await getStudentSlip(jobId);
        if (res.code !== 200 || !res.data) { if (res.code !== 401) message.error(res.msg || '查询任务失败'); return; }
        setProgress(res.data.progress);
        if (res.data.state === 'failed') { message.error(res.data.error || '生成成绩单失败'); return; }
        if (res.data.state === 'completed') {
          const file = await downloadStudentSlip(jobId);
          if (!('blob' in file)) { message.error(file.msg || '下载失败'); return; }
          saveBlob(file.blob, file.filename || res.data.fileName);
          return;
        }
      }
    } catch {
      message.error('生成成绩单失败，请检查网络连接');
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [busy, examId]);

  return { busy, progress, download };
}
