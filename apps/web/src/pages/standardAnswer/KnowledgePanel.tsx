import { Alert, Button, Card, Col, Empty, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { KnowledgeSheet } from '@/api/standardAnswer';
import { ImportButton } from '@/components/table';
import { QUESTION_TYPE_NAMES } from '../exam/examConstants';
import { useKnowledge } from './useKnowledge';

type Question = KnowledgeSheet['questions'][number];
type Point = KnowledgeSheet['points'][number];

/** 知识点 tab: the points of every question (tags), each point's questions and full score, Excel in and out. */
export function KnowledgePanel({ examSubjectId }: { examSubjectId: number }) {
  const k = useKnowledge(examSubjectId);
  const { sheet } = k;
  if (!sheet) return <Card>{k.loading ? <Spin /> : <Alert type="warning" showIcon message={k.error || '加载失败'} />}</Card>;
  const options = k.known.map((p) => ({ value: p, label: p }));
  return (
    <Row gutter={12}>
      <Col xs={24} xl={15}>
        <Card size="small" title="每题的知识点" data-testid="knowledge-questions"
          extra={(
            <Space wrap>
              {sheet.editable && <ImportButton upload={k.importFile} onDone={() => void k.reload()}>导入知识点</ImportButton>}
              <Button icon={<DownloadOutlined />} onClick={() => void k.exportFile()}>导出知识点</Button>
              {sheet.editable && <Button type="primary" icon={<SaveOutlined />} loading={k.saving} disabled={!k.changed.length} onClick={() => void k.save()}>保存知识点{k.changed.length ? `（${k.changed.length} 题）` : ''}</Button>}
            </Space>
          )}>
          {sheet.released && sheet.editable && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="成绩已发布：保存后试卷分析与学生报告中的知识点得分率随之重新计算。" />}
          <Table<Question> size="small" rowKey="id" pagination={false} dataSource={sheet.questions} loading={k.loading}
            locale={{ emptyText: <Empty description="本科目还没有设置小题" /> }}
            columns={[
              { title: '题号', dataIndex: 'no', width: 80, render: (no: string) => `第${no}题` },
              { title: '题型', dataIndex: 'type', width: 80, render: (t: Question['type']) => QUESTION_TYPE_NAMES[t] },
              { title: '满分', dataIndex: 'fullScore', width: 60 },
              {
                title: '知识点', key: 'points',
                render: (_v, q) => (
                  <Select aria-label={`第${q.no}题知识点`} mode="tags" value={k.drafts[q.id] ?? []} options={options} disabled={!sheet.editable} style={{ width: '100%' }}
                    placeholder="输入知识点后回车" tokenSeparators={[',', '，', '、', ';', '；']} maxCount={50} onChange={(v: string[]) => k.setPoints(q.id, v)} />
                ),
              },
            ]} />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card size="small" title="知识点汇总" data-testid="knowledge-points">
          <Table<Point> size="small" rowKey="name" pagination={false} dataSource={sheet.points}
            locale={{ emptyText: <Empty description="还没有设置知识点" /> }}
            columns={[
              { title: '知识点', dataIndex: 'name', render: (v: string) => <Tag color="blue">{v}</Tag> },
              { title: '题号', dataIndex: 'questionNos', render: (v: string[]) => v.join('、') },
              { title: '分值', dataIndex: 'fullScore', width: 60 },
            ]} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>分值为该知识点所在各题满分之和；试卷分析按它计算知识点得分率。</Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
