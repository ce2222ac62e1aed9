import { useState } from 'react';
import { Alert, Modal, Select, message } from 'antd';
import { addFromExam } from '@/api/questionBankOut';
import { useReleasedExams } from './useBankOut';

/** 从考试加入题库: one released exam's questions of the course, with their measured difficulty and D. */
export function ExamToBankDialog({ open, courseCode, courseName, onClose, onDone }: {
  open: boolean; courseCode: string; courseName: string; onClose: () => void; onDone: () => void;
}) {
  const exams = useReleasedExams(open);
  const [examId, setExamId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!examId) return void message.warning('请选择考试');
    setBusy(true);
    try {
      const r = await addFromExam(examId, courseCode);
      if (r.code === 200) {
        message.success(`已加入题库：新增 ${r.data.added} 题，更新 ${r.data.updated} 题，新建知识点 ${r.data.pointsCreated} 个`);
        onDone();
        onClose();
      }
    } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={`从考试加入题库（${courseName}）`} okText="加入题库" cancelText="取消" onOk={submit} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 12 }}
        title="已发布考试的该学科小题加入题库：难度取得分率、区分度取 D（全年级），带知识点、来源考试与题号；题干为题号说明，可再编辑补充。再次加入只更新数据，不会重复。" />
      <Select aria-label="考试" style={{ width: '100%' }} placeholder="选择已发布的考试" value={examId} onChange={setExamId} showSearch optionFilterProp="label"
        options={exams.map((e) => ({ value: e.examId, label: `${e.examName}（${e.gradeName}）` }))} />
    </Modal>
  );
}
