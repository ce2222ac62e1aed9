import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { RATING_MODE_NAMES } from '@/api/marking';
import type { MarkingGroup } from '@/api/markingSetup';
import { ScanFrame } from '@/pages/scan/ScanFrame';
import { useScanExam } from '@/pages/scan/useScanExam';
import { useReviewBlock } from './useReviewBlock';
import { useBlockRegions } from './useBlockRegions';
import { BlockRegionCanvas } from './BlockRegionCanvas';

function Blocks({ examSubjectId }: { examSubjectId: number }) {
  const s = useReviewBlock(examSubjectId);
  const regions = useBlockRegions(examSubjectId, s.groups);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" data-testid="review-block"
        title="阅卷块：每块由一道或几道主观题组成，阅卷老师按块阅卷"
        extra={(
          <Space>
            <Button type="primary" disabled={s.selected.length < 2} onClick={() => void s.merge()}>合并所选题块</Button>
            <Button onClick={() => void s.reload()}>刷新</Button>
          </Space>
        )}>
        {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
        <Table<MarkingGroup> rowKey="blockId" size="small" pagination={false} loading={s.loading} dataSource={s.groups}
          locale={{ emptyText: '本科目没有需要网上阅卷的主观题' }}
          rowSelection={{ selectedRowKeys: s.selected, onChange: (k) => s.setSelected(k.map(Number)), getCheckboxProps: (g) => ({ disabled: g.started }) }}
          columns={[
            {
              title: '题块名称', dataIndex: 'name', width: 220,
              render: (n: string, g) => (
                <Typography.Text editable={g.started ? false : { onChange: (v) => { if (v !== n) void s.rename(g.blockId, v); }, maxLength: 50 }}>{n}</Typography.Text>
              ),
            },
            { title: '包含题目', key: 'q', render: (_v, g) => g.questions.map((q) => <Tag key={q.questionId}>第{q.number}题（{q.fullScore}分）</Tag>) },
            { title: '满分', dataIndex: 'fullScore', width: 70 },
            { title: '评卷方式', dataIndex: 'ratingMode', width: 130, render: (m: number) => RATING_MODE_NAMES[m] },
            { title: '阅卷老师', key: 'm', width: 90, render: (_v, g) => `${g.markers.length} 人` },
            { title: '状态', key: 'st', width: 110, render: (_v, g) => (g.started ? <Tag color="orange">已开始阅卷</Tag> : <Tag>未开始</Tag>) },
            {
              title: '操作', key: 'op', width: 90,
              render: (_v, g) => (g.questions.length > 1 && !g.started ? (
                <Popconfirm title="拆分为每题一个题块？" okText="拆分" cancelText="取消" onConfirm={() => void s.split(g.blockId)}>
                  <Button type="link">拆分</Button>
                </Popconfirm>
              ) : null),
            },
          ]} />
      </Card>
      <BlockRegionCanvas s={regions} />
    </Space>
  );
}

/**
 * /examDetailsEdit/reviewBlock (划分阅卷块): the subject's blocks with their questions; merge, split, rename; and each
 * block's rectangle on the card page, moved and resized there (BlockRegionCanvas).
 */
export default function ReviewBlock() {
  const scan = useScanExam();
  return <ScanFrame scan={scan} title="划分阅卷块">{(id) => <Blocks key={id} examSubjectId={id} />}</ScanFrame>;
}
