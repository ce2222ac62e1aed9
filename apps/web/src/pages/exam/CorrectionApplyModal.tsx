import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { findExamStudents, type ExamStudent } from '@/api/exam';
import { findStudentScores, type StudentScore } from '@/api/score';
import { applyCorrection } from '@/api/correction';
import { runAction } from '@/components/table';
import { fmtScore } from './examConstants';

export interface CorrectionTarget {
  examStudentId?: number;
  studentLabel?: string;
  examSubjectId?: number;
  questionId?: number;
}

export interface CorrectionApplyModalProps {
  examId: number;
  open: boolean;
  /** Pre-chosen student / subject / question (from the question score page). */
  target?: CorrectionTarget | null;
  onClose: () => void;
  onApplied?: () => void;
}

/** 申请更正: student, subject, question, the current score, the new score and a reason (correction_score/apply). */
export function CorrectionApplyModal({ examId, open, target, onClose, onApplied }: CorrectionApplyModalProps) {
  const [form] = Form.useForm();
  const [students, setStudents] = useState<ExamStudent[]>([]);
  const [scores, setScores] = useState<StudentScore | null>(null);
  const [saving, setSaving] = useState(false);
  const examStudentId = Form.useWatch('examStudentId', form) as number | undefined;
  const examSubjectId = Form.useWatch('examSubjectId', form) as number | undefined;
  const questionId = Form.useWatch('questionId', form) as number | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setScores(null);
    form.setFieldsValue({ examStudentId: target?.examStudentId, examSubjectId: target?.examSubjectId, questionId: target?.questionId });
    setStudents([]);
  }, [open, target, form]);

  useEffect(() => {
    if (!open || !examStudentId) { setScores(null); return; }
    let live = true;
    findStudentScores(examId, examStudentId).then((res) => { if (live && res.code === 200) setScores(res.data); }).catch(() => undefined);
    return () => { live = false; };
  }, [open, examId, examStudentId]);

  const searchStudents = (keyword: string) => {
    if (!keyword.trim()) return;
    findExamStudents({ examId, current: 1, size: 20, keyword: keyword.trim() })
      .then((res) => { if (res.code === 200 && res.data) setStudents(res.data.records); })
      .catch(() => undefined);
  };

  const subject = scores?.subjects.find((s) => s.examSubjectId === examSubjectId);
  const question = subject?.questions.find((q) => q.questionId === questionId);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const res = await runAction(applyCorrection({ examStudentId: v.examStudentId, questionId: v.questionId, newScore: v.newScore, reason: v.reason.trim() }), { success: '已提交更正申请' });
    setSaving(false);
    if (res) { onApplied?.(); onClose(); }
  };

  const studentOptions = target?.examStudentId && target.studentLabel
    ? [{ value: target.examStudentId, label: target.studentLabel }]
    : students.map((s) => ({ value: s.id, label: `${s.name}（${s.examNo}，${s.className}）` }));

  return (
    <Modal title="申请更正" open={open} maskClosable={false} confirmLoading={saving} okText="提交申请" cancelText="取消" onOk={submit} onCancel={onClose} forceRender>
      <Form form={form} name="correctionApply" layout="vertical">
        <Form.Item name="examStudentId" label="考生" rules={[{ required: true, message: '请选择考生' }]}>
          <Select showSearch filterOption={false} placeholder="输入姓名或考号搜索" disabled={!!target?.examStudentId}
            onSearch={searchStudents} options={studentOptions} notFoundContent={null}
            onChange={() => form.setFieldsValue({ examSubjectId: undefined, questionId: undefined, newScore: undefined })} />
        </Form.Item>
        <Form.Item name="examSubjectId" label="科目" rules={[{ required: true, message: '请选择科目' }]}>
          <Select placeholder="请选择科目" options={(scores?.subjects ?? []).map((s) => ({ value: s.examSubjectId, label: s.courseName }))}
            onChange={() => form.setFieldsValue({ questionId: undefined, newScore: undefined })} />
        </Form.Item>
        <Form.Item name="questionId" label="题号" rules={[{ required: true, message: '请选择题目' }]}>
          <Select placeholder="请选择题目" showSearch optionFilterProp="label"
            options={(subject?.questions ?? []).map((q) => ({ value: q.questionId, label: `${q.no}（满分 ${q.fullScore}）` }))} />
        </Form.Item>
        <Form.Item label="原得分">
          <Typography.Text data-testid="correction-old-score">{question ? `${fmtScore(question.score)} 分（满分 ${question.fullScore}）` : subject?.absent ? '缺考' : '-'}</Typography.Text>
        </Form.Item>
        <Form.Item name="newScore" label="更正后得分" rules={[
          { required: true, message: '请输入更正后得分' },
          { validator: (_, v) => (v === undefined || v === null || !question || (v >= 0 && v <= question.fullScore) ? Promise.resolve() : Promise.reject(new Error(`得分须在 0 到 ${question.fullScore} 之间`))) },
        ]}>
          <InputNumber min={0} max={question?.fullScore ?? 1000} step={question?.step ?? 0.5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label="更正原因" rules={[{ required: true, whitespace: true, message: '请填写更正原因' }, { max: 500, message: '不能超过500个字符' }]}>
          <Input.TextArea rows={3} placeholder="如：第 13 题漏评，复核后应得 8 分" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default CorrectionApplyModal;
