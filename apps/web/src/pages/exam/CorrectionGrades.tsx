import { useState } from 'react';
import { App, Alert, Button, Card, Form, Input, Modal, Select, Space, Spin, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { approveCorrection, CORRECTION_STATUSES, findCorrectionPage, rejectCorrection, type Correction } from '@/api/correction';
import { runAction, SearchTable, useFeedback, useTable } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { CorrectionApplyModal } from './CorrectionApplyModal';
import { fmtScore } from './examConstants';
import { useCurrentExam } from './useExam';

const fmtTime = (s?: string | null) => (s ? new Date(s).toLocaleString('zh-CN', { hour12: false }) : '-');

/** State of the correction list: table, apply dialog, review commands. */
function useCorrectionList(examId: number) {
  const { modal } = App.useApp();
  const table = useTable<Correction, { status?: string }>((q) => findCorrectionPage({ ...q, examId }));
  const [applying, setApplying] = useState(false);
  const [rejecting, setRejecting] = useState<Correction | null>(null);
  const [saving, setSaving] = useState(false);
  const approve = (c: Correction) => modal.confirm({
    title: '通过更正申请',
    content: `确认将 ${c.studentName} ${c.courseName} 第 ${c.questionNo} 题由 ${fmtScore(c.oldScore)} 分更正为 ${fmtScore(c.newScore)} 分吗？通过后将重新计算成绩、排名与分析报告。`,
    okText: '通过', cancelText: '取消',
    onOk: async () => { if (await runAction(approveCorrection(c.id), { success: '已通过，成绩与报告已重新计算' })) table.reload(); },
  });
  const reject = async (reason: string) => {
    if (!rejecting) return;
    setSaving(true);
    const res = await runAction(rejectCorrection(rejecting.id, reason), { success: '已驳回' });
    setSaving(false);
    if (res) { setRejecting(null); table.reload(); }
  };
  return { table, applying, setApplying, rejecting, setRejecting, saving, approve, reject };
}

function CorrectionList({ examId, released }: { examId: number; released: boolean }) {
  useFeedback();
  const can = usePermission();
  const mayReview = can('exam:exam:edit');
  const { table, applying, setApplying, rejecting, setRejecting, saving, approve, reject } = useCorrectionList(examId);
  const [form] = Form.useForm();

  const columns: TableColumnsType<Correction> = [
    { title: '考号', dataIndex: 'examNo', width: 120 },
    { title: '姓名', dataIndex: 'studentName', width: 90 },
    { title: '班级', dataIndex: 'className', width: 100 },
    { title: '科目', dataIndex: 'courseName', width: 80 },
    { title: '题号', dataIndex: 'questionNo', width: 70 },
    { title: '原得分', dataIndex: 'oldScore', width: 80, render: (v) => fmtScore(v) },
    { title: '更正后', dataIndex: 'newScore', width: 80, render: (v, c) => <span>{fmtScore(v)}<span style={{ color: '#999' }}> / {c.questionFullScore}</span></span> },
    { title: '更正原因', dataIndex: 'reason', ellipsis: true, width: 200 },
    { title: '申请人', dataIndex: 'appliedByName', width: 90, render: (v) => v || '-' },
    { title: '申请时间', dataIndex: 'appliedAt', width: 170, render: fmtTime },
    {
      title: '状态', dataIndex: 'status', width: 90,
      render: (v: string, c) => {
        const s = CORRECTION_STATUSES.find((x) => x.value === v);
        const tag = <Tag color={s?.color}>{c.statusName || s?.label || v}</Tag>;
        return v === 'rejected' && c.rejectReason ? <Tooltip title={`驳回原因：${c.rejectReason}`}>{tag}</Tooltip> : tag;
      },
    },
    { title: '审核人', dataIndex: 'reviewedByName', width: 90, render: (v) => v || '-' },
    { title: '审核时间', dataIndex: 'reviewedAt', width: 170, render: fmtTime },
  ];
  if (mayReview) {
    columns.push({
      title: '操作', width: 120, fixed: 'right',
      render: (_, c) => (c.canReview && c.status === 'pending' ? (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => approve(c)}>通过</Button>
          <Button type="link" size="small" danger onClick={() => { form.resetFields(); setRejecting(c); }}>驳回</Button>
        </Space>
      ) : <span style={{ color: '#bbb' }}>-</span>),
    });
  }

  return (
    <>
      {!released && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="成绩尚未发布：发布前请在「小题得分」中直接修改成绩，发布后才能申请更正。" />}
      <SearchTable<Correction>
        table={table} rowKey="id" columns={columns} scroll={{ x: 1500 }} title="成绩更正申请" formName="correctionSearch"
        searchFields={
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={CORRECTION_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        }
        toolbar={released && <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)}>申请更正</Button>}
      />
      <CorrectionApplyModal examId={examId} open={applying} onClose={() => setApplying(false)} onApplied={table.reload} />
      <Modal title="驳回更正申请" open={!!rejecting} maskClosable={false} confirmLoading={saving} okText="驳回" cancelText="取消" okButtonProps={{ danger: true }} forceRender
        onOk={async () => { const v = await form.validateFields(); await reject(v.reason.trim()); }} onCancel={() => setRejecting(null)}>
        <Form form={form} name="correctionReject" layout="vertical">
          {rejecting && <p>{rejecting.studentName} {rejecting.courseName} 第 {rejecting.questionNo} 题：{fmtScore(rejecting.oldScore)} → {fmtScore(rejecting.newScore)}</p>}
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, { max: 500, message: '不能超过500个字符' }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 成绩更正: correction requests with status filter, apply dialog, approve/reject for reviewers. */
export default function CorrectionGrades() {
  const { exam } = useCurrentExam();
  if (!exam) return <Card><Spin /></Card>;
  return <CorrectionList key={exam.id} examId={exam.id} released={!!exam.releasedAt} />;
}
