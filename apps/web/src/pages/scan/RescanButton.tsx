import { useState } from 'react';
import { Button, Progress, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { RESCAN_PATH, type ScanUploadResult } from '@/api/scan';
import { feedbackMessage } from '@/components/table';
import { uploadWithProgress } from '@/utils/upload';
import { BATCH_ACCEPT } from './scanConstants';

/** 重新扫描: the files of one student's sheet replace that sheet at once (never another student's). */
export function RescanButton({ examSubjectId, examStudentId, onDone }: { examSubjectId: number; examStudentId: number; onDone: () => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const send = async (files: File[]) => {
    setPercent(0);
    try {
      const res = await uploadWithProgress<ScanUploadResult>(RESCAN_PATH, files, { examSubjectId: String(examSubjectId), examStudentId: String(examStudentId) },
        (p) => setPercent(Math.floor((p.loaded / Math.max(1, p.total)) * 100)));
      if (res.code === 200) { feedbackMessage().success('已上传重新扫描的答题卡，正在识别'); onDone(); } else feedbackMessage().error(res.msg || '上传失败');
    } catch (e) {
      feedbackMessage().error(e instanceof Error ? e.message : '上传失败');
    } finally {
      setPercent(null);
    }
  };
  return (
    <span>
      <Upload multiple accept={BATCH_ACCEPT} showUploadList={false} beforeUpload={(f, list) => { if (f === list[list.length - 1]) void send(list as unknown as File[]); return Upload.LIST_IGNORE; }}>
        <Button icon={<UploadOutlined />} loading={percent !== null}>重新扫描上传</Button>
      </Upload>
      {percent !== null && <Progress size="small" percent={percent} style={{ width: 160, marginLeft: 8 }} aria-label="重新扫描上传进度" />}
    </span>
  );
}
