import { Button, Card, Empty, Result, Space, Spin, Steps, Tabs, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { todoCount, type ReadinessStep, type StepState } from './readiness';
import { useExamReadiness } from './useExamReadiness';
import { useScrollSpy } from './useScrollSpy';

const STEP_STATUS: Record<StepState, 'finish' | 'wait' | 'process' | 'error'> = { done: 'finish', todo: 'process', optional: 'wait', na: 'wait' };
const STATE_TAGS: Record<StepState, { color: string; text: string }> = {
  done: { color: 'success', text: '已完成' }, todo: { color: 'processing', text: '待完成' }, optional: { color: 'default', text: '可选' }, na: { color: 'default', text: '不适用' },
};

function SubjectSteps({ name, steps }: { name: string; steps: ReadinessStep[] }) {
  const navigate = useNavigate();
  const left = todoCount(steps);
  return (
    <Card size="small" title={<Space>{name}<Tag color={left ? 'orange' : 'green'}>{left ? `还有 ${left} 步待完成` : '已全部完成'}</Tag></Space>} style={{ marginBottom: 12 }}>
      <Steps size="small" items={steps.map((s) => ({
        status: STEP_STATUS[s.state],
        title: <Space>{s.name}<Tag color={STATE_TAGS[s.state].color}>{STATE_TAGS[s.state].text}</Tag></Space>,
        description: (
          <Space direction="vertical" size={4}>
            <Typography.Text type={s.state === 'todo' ? undefined : 'secondary'}>{s.detail}</Typography.Text>
            {s.state !== 'na' && <Button size="small" type={s.state === 'todo' ? 'primary' : 'default'} onClick={() => navigate(s.path)}>{s.state === 'done' ? '查看' : '去完成'}</Button>}
          </Space>
        ),
      }))} />
    </Card>
  );
}

/**
 * /tabscroll (考试准备进度): one exam's subjects on one page, a tab per subject at the top that scrolls to its
 * checklist (小题设置 → 标准答案 → 答题卡 → 扫描 → 成绩录入 → 成绩发布), each step with its state and the page that does it.
 */
export default function ExamReadiness() {
  const navigate = useNavigate();
  const r = useExamReadiness();
  const spy = useScrollSpy(r.subjects.map((s) => `readiness-${s.id}`));
  if (!r.examId) return <Card><Empty description="请先在考试列表中选择一场考试"><Button type="primary" onClick={() => navigate('/examMarking/myExamList')}>去选择考试</Button></Empty></Card>;
  if (!r.exam) return <Card>{r.loading ? <Spin /> : <Result status="warning" title={r.error || '考试不存在'} />}</Card>;
  const total = r.subjects.reduce((a, s) => a + todoCount(s.steps), 0);
  return (
    <div data-testid="exam-readiness">
      <Card size="small" style={{ position: 'sticky', top: 0, zIndex: 5, marginBottom: 12 }}>
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>考试准备进度</Typography.Title>
          <span style={{ color: '#666' }}>{r.exam.name}</span>
          <Tag color="blue">{r.exam.gradeName}</Tag>
          <Tag color={total ? 'orange' : 'green'} data-testid="readiness-total">{!r.keysLoaded ? '统计中…' : total ? `共 ${total} 步待完成` : '全部科目已完成'}</Tag>
        </Space>
        <Tabs size="small" activeKey={spy.active} onChange={spy.scrollTo} style={{ marginBottom: -16 }}
          items={r.subjects.map((s) => ({ key: `readiness-${s.id}`, label: `${s.name}${todoCount(s.steps) ? `（${todoCount(s.steps)}）` : ' ✓'}` }))} />
      </Card>
      {r.subjects.map((s) => <div key={s.id} id={`readiness-${s.id}`}><SubjectSteps name={s.name} steps={s.steps} /></div>)}
      {/* room below the last subject, so that its tab can scroll it up under the bar too */}
      <div style={{ height: '70vh' }} />
    </div>
  );
}
