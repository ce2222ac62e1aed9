import { Link } from 'react-router-dom';
import { Alert, Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { MyCardRow } from '@/api/markingLive';
import { useMyAnswerCards } from './useMyAnswerCards';

/**
 * /examMarking/myAnwserCard (我的答题卡): the answer cards of the exam subjects I lead (学科负责人, 题组长) or mark
 * (阅卷老师), newest exams first, with 预览 and 打印 (the card pages check access again).
 */
export default function MyAnswerCard() {
  const s = useMyAnswerCards();
  return (
    <Card variant="borderless" data-testid="my-answer-cards">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>我的答题卡</Typography.Title>
        <Space>
          <Input.Search allowClear placeholder="考试或科目" value={s.keyword} onChange={(e) => s.setKeyword(e.target.value)} style={{ width: 240 }} />
          <Button onClick={s.reload}>刷新</Button>
        </Space>
      </Space>
      {s.error && <Alert type="error" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <Table<MyCardRow> rowKey="examSubjectId" loading={s.loading} dataSource={s.rows} data-testid="my-answer-card-table"
        locale={{ emptyText: <Empty description="暂无我负责或参与阅卷的考试科目" /> }}
        pagination={{ pageSize: 20, showSizeChanger: true, showQuickJumper: true, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '考试名称', dataIndex: 'examName' },
          { title: '科目', dataIndex: 'subjectName', width: 100 },
          { title: '我的角色', dataIndex: 'role', width: 110, render: (r: string) => <Tag color={r === '阅卷老师' ? undefined : 'gold'}>{r}</Tag> },
          { title: '答题卡', dataIndex: 'saved', width: 110, render: (v: boolean) => (v ? <Tag color="green">已制作</Tag> : <Tag>默认版式</Tag>) },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN') : '—') },
          { title: '操作', key: 'op', width: 140, render: (_v, r) => (
            <Space>
              <Link to={`/makeSheetCard/preview?examSubjectId=${r.examSubjectId}`}>预览</Link>
              <Link to={`/onLineCard/printCard?examSubjectId=${r.examSubjectId}`}>打印</Link>
            </Space>
          ) },
        ]} />
    </Card>
  );
}
