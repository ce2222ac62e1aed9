import { Button, Card, Empty, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { ContentOutlet } from '@/components/ContentOutlet';
import type { SectionItem } from '@/router/sections';
import { ExamContext, useExamDetail, useExamId } from '../exam/useExam';
import { MultiContext, useMultiSetting } from './useMultiExam';

const MODE_NAMES: Record<string, string> = { single: '单科考试', multi: '多科考试', joint: '联考' };

export interface MultiGroup { title?: string; items: SectionItem[]; single?: boolean }

/**
 * /multidetails and /schoolAnalysis: the exam's header, a left menu (keeping ?examId) and the page. The multi-subject
 * pages read multi_exam/setting (a school taking part in a joint exam sees its own part); the single-subject group
 * (/schoolAnalysis) reads the exam as /examAnalysisMana does and shows the server's refusal when it is not the caller's.
 */
export default function MultiExamLayout({ base, title, groups, back }: { base: string; title: string; groups: MultiGroup[]; back: string }) {
  const examId = useExamId();
  const multi = useMultiSetting(examId);
  const hasSingle = groups.some((g) => g.single);
  const single = useExamDetail(hasSingle && multi.setting?.role === 'organiser' ? examId : null);
  const location = useLocation();
  const navigate = useNavigate();
  const keyOf = (i: SectionItem) => `${base}/${i.path}`;
  const selected = groups.flatMap((g) => g.items).map(keyOf).find((k) => location.pathname === k || location.pathname.startsWith(`${k}/`));
  const inSingle = groups.some((g) => g.single && g.items.some((i) => keyOf(i) === selected));
  const { setting, loading, error } = multi;

  if (!examId) {
    return <Card><Empty description="请先选择一场多科考试或联考"><Button type="primary" onClick={() => navigate(back)}>去选择考试</Button></Empty></Card>;
  }
  const menu = groups.length === 1 && !groups[0]!.title
    ? groups[0]!.items.map((i) => ({ key: keyOf(i), label: i.title }))
    : groups.map((g, n) => ({ type: 'group' as const, key: `g${n}`, label: g.title, children: g.items.map((i) => ({ key: keyOf(i), label: i.title })) }));
  const singleRefused = inSingle && setting?.role === 'participant';
  return (
    <MultiContext.Provider value={multi}>
      <ExamContext.Provider value={single}>
        <Card size="small" style={{ marginBottom: 12 }} className="jz-exam-header">
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>返回</Button>
            {setting ? (
              <Space wrap>
                <Typography.Title level={5} style={{ margin: 0 }} data-testid="exam-name">{setting.name}</Typography.Title>
                <Tag color="blue">{MODE_NAMES[setting.mode]}</Tag>
                {setting.mode === 'joint' && <Tag color={setting.role === 'organiser' ? 'purple' : 'default'}>{setting.role === 'organiser' ? '组织方' : '参考学校（仅本校数据）'}</Tag>}
                {setting.released ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
                <span style={{ color: '#666' }}>{setting.gradeName}　{setting.startDate}{setting.endDate !== setting.startDate ? ` 至 ${setting.endDate}` : ''}　考生 {setting.studentCount} 人</span>
              </Space>
            ) : loading ? <Spin size="small" /> : <Typography.Text type="danger">{error}</Typography.Text>}
          </div>
        </Card>
        {error && !setting ? (
          <Card><Result status="warning" title={error} extra={<Button onClick={() => navigate(back)}>返回考试列表</Button>} /></Card>
        ) : (
          <div className="jz-section">
            <aside className="jz-section-side">
              <div className="jz-section-title">{title}</div>
              <Menu mode="inline" selectedKeys={selected ? [selected] : []} style={{ borderInlineEnd: 'none' }} items={menu}
                onClick={({ key }) => navigate(`${key}?examId=${examId}`)} />
            </aside>
            <main className="jz-section-main">
              {singleRefused
                ? <Card><Result status="403" title="无权限" subTitle="单科考试的分析管理由联考组织方负责；本校可查看多科考试设置、考场列表与本校的成绩汇总。" /></Card>
                : inSingle && single.error ? <Card><Result status="warning" title={single.error} /></Card>
                  : <ContentOutlet />}
            </main>
          </div>
        )}
      </ExamContext.Provider>
    </MultiContext.Provider>
  );
}
