import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { findGroupList, type MarkingGroup } from '@/api/markingSetup';
import { findAnswerImages } from '@/api/markingLive';
import { StandardAnswer } from '../marking/StandardAnswer';
import type { Answer } from '../marking/useStandardAnswer';

/**
 * 主观题评分标准 tab: the 标答 (text and images) of each marking block, the one markers open on the marking page;
 * the blocks come from 划分阅卷块. Editing goes through the marking module's 标答 calls (its own access rule).
 */
export function BlockAnswersPanel({ examSubjectId }: { examSubjectId: number }) {
  const [blocks, setBlocks] = useState<MarkingGroup[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<{ block: MarkingGroup; answer: Answer } | null>(null);
  const load = useCallback(async () => {
    const r = await findGroupList(examSubjectId).catch(() => null);
    if (r?.code === 200 && r.data) { setBlocks(r.data); setError(''); } else setError(r?.msg || '加载失败');
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);
  const edit = async (block: MarkingGroup) => {
    const r = await findAnswerImages(block.blockId).catch(() => null);
    setOpen({ block, answer: { text: block.answerText, images: r?.code === 200 ? r.data.images : [] } });
  };
  if (error) return <Alert type="info" showIcon message={error} />;
  return (
    <Card size="small" title="主观题评分标准（阅卷时老师点“标答”查看）" data-testid="block-answers">
      <Table<MarkingGroup> size="small" rowKey="blockId" pagination={false} dataSource={blocks ?? []} loading={!blocks}
        locale={{ emptyText: <Empty description="本科目还没有阅卷题块，请先在“划分阅卷块”中划分" /> }}
        columns={[
          { title: '题块', dataIndex: 'name', width: 160 },
          { title: '题号', key: 'q', width: 140, render: (_v, b) => b.questions.map((q) => q.number).join('、') },
          { title: '满分', dataIndex: 'fullScore', width: 70 },
          {
            title: '标准答案与评分细则', key: 'text',
            render: (_v, b) => (b.answerText
              ? <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{b.answerText}</Typography.Paragraph>
              : <Tag>未录入文字</Tag>),
          },
          { title: '操作', key: 'op', width: 110, render: (_v, b) => <Space><Button size="small" onClick={() => void edit(b)}>编辑标答</Button></Space> },
        ]} />
      {open && (
        <StandardAnswer open blockId={open.block.blockId} answer={open.answer} canEdit
          onClose={() => { setOpen(null); void load(); }} />
      )}
    </Card>
  );
}
