import { App, Alert, Button, Card, Checkbox, Empty, Form, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { CopyPart, CopyPreview, Exam } from '@/api/exam';
import { useFeedback } from '@/components/table';
import { useExamCopy } from './useExamCopy';

type SettingRow = CopyPreview['settings'][number];
type SubjectRow = CopyPreview['subjects'][number];

const ACTIONS = { copy: { color: 'blue', text: '将复制' }, same: { color: 'default', text: '已相同' }, skip: { color: 'red', text: '不复制' } } as const;
const actionTag = (a: keyof typeof ACTIONS, reason: string | null) => (
  <Space direction="vertical" size={0}>
    <Tag color={ACTIONS[a].color}>{ACTIONS[a].text}</Tag>
    {reason && <Typography.Text type="danger" style={{ fontSize: 12 }}>{reason}</Typography.Text>}
  </Space>
);
const examLabel = (e: Exam) => `${e.name}（${e.gradeName}${e.status === 4 ? '，已发布' : ''}）`;

/**
 * /copeSettiing (复制考试设置): one exam's analysis settings and each subject's questions with keys copied onto another
 * exam, after a preview of every item (what changes, what is already the same, what is refused and why).
 */
export default function CopySettings() {
  useFeedback();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const c = useExamCopy();
  const options = c.exams.map((e) => ({ value: e.id, label: examLabel(e) }));
  const p = c.preview;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="copy-settings">
      <Card size="small" title="复制考试设置">
        <Alert type="info" showIcon style={{ marginBottom: 12 }}
          message="把一场考试已做好的设置复制到另一场考试：分析设置（四率、分数段、上线分数线、科目组合等），以及同名科目的小题、答案、少选给分规则、题组与知识点。复制前先看预览；已有成绩的科目、满分不同的科目不会复制小题。" />
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label="源考试">
            <Select aria-label="源考试" showSearch optionFilterProp="label" style={{ width: 320 }} placeholder="复制谁的设置" value={c.fromId} options={options}
              onChange={(v: number) => c.choose('fromExamId', v)} />
          </Form.Item>
          <Form.Item label="目标考试">
            <Select aria-label="目标考试" showSearch optionFilterProp="label" style={{ width: 320 }} placeholder="复制到哪场考试" value={c.toId} options={options}
              onChange={(v: number) => c.choose('toExamId', v)} />
          </Form.Item>
          <Form.Item label="复制内容">
            <Checkbox.Group value={c.parts} onChange={(v) => c.setParts(v as CopyPart[])}
              options={[{ value: 'settings', label: '分析设置' }, { value: 'questions', label: '小题与答案' }]} />
          </Form.Item>
        </Form>
      </Card>
      <Spin spinning={c.busy}>
        {!p ? <Card><Empty description="请选择源考试、目标考试和复制内容" /></Card> : (
          <Card size="small" title={`预览：${p.fromExam.name} → ${p.toExam.name}`} data-testid="copy-preview"
            extra={(
              <Space>
                <Button onClick={() => navigate(`/examAnalysisMana/examSetting?examId=${p.toExam.id}`)}>查看目标考试设置</Button>
                <Button type="primary" icon={<CopyOutlined />} disabled={!p.changes} onClick={() => modal.confirm({
                  title: '确认复制', content: `将把 ${p.changes} 项内容从「${p.fromExam.name}」复制到「${p.toExam.name}」，目标考试的这些设置会被替换。确认复制吗？`,
                  okText: '确认复制', cancelText: '取消', onOk: () => c.copy(),
                })}>确认复制{p.changes ? `（${p.changes} 项）` : ''}</Button>
              </Space>
            )}>
            {p.toExam.released && c.parts.includes('settings') && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="目标考试成绩已发布：复制的分析设置在重新发布成绩后生效。" />}
            {!p.changes && <Alert type="success" showIcon style={{ marginBottom: 12 }} message="没有需要复制的内容：目标考试与源考试已相同，或其余各项无法复制（见原因）。" />}
            {c.parts.includes('settings') && (
              <Table<SettingRow> size="small" rowKey={(r) => `${r.family}-${r.courseCode ?? ''}`} pagination={false} dataSource={p.settings} title={() => '分析设置'} data-testid="copy-settings-table"
                columns={[
                  { title: '设置', dataIndex: 'familyName', width: 150 },
                  { title: '范围', dataIndex: 'courseName', width: 90, render: (v: string | null) => v ?? '整场考试' },
                  { title: '源考试', dataIndex: 'from' },
                  { title: '目标考试现值', dataIndex: 'to' },
                  { title: '结果', key: 'a', width: 220, render: (_v, r) => actionTag(r.action, r.reason) },
                ]} />
            )}
            {c.parts.includes('questions') && (
              <Table<SubjectRow> size="small" rowKey="courseCode" pagination={false} dataSource={p.subjects} title={() => '小题与答案'} style={{ marginTop: 12 }} data-testid="copy-subjects-table"
                columns={[
                  { title: '科目', dataIndex: 'courseName', width: 120 },
                  { title: '源考试题数', dataIndex: 'questions', width: 110 },
                  { title: '目标考试题数', dataIndex: 'targetQuestions', width: 120 },
                  { title: '结果', key: 'a', render: (_v, r) => actionTag(r.action, r.reason) },
                ]} />
            )}
          </Card>
        )}
      </Spin>
    </Space>
  );
}
