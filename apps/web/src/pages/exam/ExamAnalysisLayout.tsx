import { Button, Card, Empty, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { ContentOutlet } from '@/components/ContentOutlet';
import { EXAM_ANALYSIS_ITEMS } from '@/router/sections';
import { EXAM_MODE_NAMES, STATUS_COLORS } from './examConstants';
import { ExamContext, useExamDetail, useExamId } from './useExam';

/** /examAnalysisMana: header with the exam's name, left menu of the analysis pages (keeping ?examId), content. */
export default function ExamAnalysisLayout({ base = '/examAnalysisMana' }: { base?: string }) {
  const examId = useExamId();
  const state = useExamDetail(examId);
  const { exam, loading, error } = state;
  const location = useLocation();
  const navigate = useNavigate();
  const selected = EXAM_ANALYSIS_ITEMS.map((i) => `${base}/${i.path}`).find((k) => location.pathname === k || location.pathname.startsWith(`${k}/`));

  if (!examId) {
    return (
      <Card><Empty description="请先在考试列表中选择一场考试">
        <Button type="primary" onClick={() => navigate('/examMarking/analysisMana')}>去选择考试</Button>
      </Empty></Card>
    );
  }
  return (
    <ExamContext.Provider value={state}>
      <Card size="small" style={{ marginBottom: 12 }} className="jz-exam-header">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/examMarking/analysisMana')}>返回</Button>
          {exam ? (
            <Space wrap>
              <Typography.Title level={5} style={{ margin: 0 }} data-testid="exam-name">{exam.name}</Typography.Title>
              <Tag color="blue">{exam.examTypeName}</Tag>
              <Tag>{EXAM_MODE_NAMES[exam.mode] ?? exam.mode}</Tag>
              <Tag color={STATUS_COLORS[exam.status]}>{exam.statusName}</Tag>
              {exam.mode !== 'single' && <Button size="small" onClick={() => navigate(`/multidetails/examMultiSetting?examId=${exam.id}`)}>多科考试管理</Button>}
              <span style={{ color: '#666' }}>{exam.gradeName}　{exam.startDate}{exam.endDate !== exam.startDate ? ` 至 ${exam.endDate}` : ''}　考生 {exam.studentCount} 人</span>
            </Space>
          ) : loading ? <Spin size="small" /> : <Typography.Text type="danger">{error}</Typography.Text>}
        </div>
      </Card>
      {error && !exam ? (
        <Card><Result status="warning" title={error} extra={<Button onClick={() => navigate('/examMarking/analysisMana')}>返回考试列表</Button>} /></Card>
      ) : (
        <div className="jz-section">
          <aside className="jz-section-side">
            <div className="jz-section-title">考试分析管理</div>
            <Menu mode="inline" selectedKeys={selected ? [selected] : []} style={{ borderInlineEnd: 'none' }}
              items={EXAM_ANALYSIS_ITEMS.filter((i) => !i.hidden).map((i) => ({ key: `${base}/${i.path}`, label: i.title }))}
              onClick={({ key }) => navigate(`${key}?examId=${examId}`)} />
          </aside>
          <main className="jz-section-main"><ContentOutlet /></main>
        </div>
      )}
    </ExamContext.Provider>
  );
}
