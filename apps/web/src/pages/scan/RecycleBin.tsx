import { useState } from 'react';
import { Button, Card, ConfigProvider, Table } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { ScanRecycled } from '@/api/scan';
import { listTheme } from '@/components/table';
import { ImagePreview } from './ImagePreview';
import { fmtTime, pageItem } from './scanConstants';
import { useRecycleBin } from './useRecycleBin';

/** 回收站: deleted pages of the subject, preview, restore one or the selected ones. */
export function RecycleBin({ examSubjectId, onChanged }: { examSubjectId: number; onChanged: () => void }) {
  const bin = useRecycleBin(examSubjectId, onChanged);
  const [open, setOpen] = useState<number | null>(null);
  const items = bin.rows.map((r) => pageItem(r.page));
  return (
    <Card size="small" title={`回收站（${bin.rows.length}）`}
      extra={<Button icon={<UndoOutlined />} disabled={!bin.selected.length} onClick={() => void bin.restore(bin.selected)}>还原所选（{bin.selected.length}）</Button>}>
      <ConfigProvider theme={listTheme}>
        <Table<ScanRecycled> size="small" rowKey={(r) => r.page.id} data-testid="recycle-table" loading={bin.loading} dataSource={bin.rows} scroll={{ x: 820 }}
          rowSelection={{ selectedRowKeys: bin.selected, onChange: (k) => bin.setSelected(k as number[]) }}
          pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, showSizeChanger: true, showQuickJumper: true, hideOnSinglePage: true }}
          columns={[
            { title: '序号', key: 'seq', width: 70, render: (_, r) => r.page.seq },
            { title: '文件', key: 'file', width: 180, ellipsis: true, render: (_, r) => r.page.fileName },
            { title: '考生', key: 'who', width: 140, render: (_, r) => (r.page.studentName ? `${r.page.studentName}（${r.page.examNo ?? ''}）` : '未确定') },
            { title: '原因', key: 'why', width: 130, render: (_, r) => r.page.abnormalName ?? '—' },
            { title: '删除人', dataIndex: 'deletedBy', width: 90 },
            { title: '删除时间', dataIndex: 'deletedAt', width: 160, render: fmtTime },
            {
              title: '操作', key: 'op', width: 130, fixed: 'right',
              render: (_, r, i) => (
                <>
                  <Button type="link" size="small" onClick={() => setOpen(i)}>查看</Button>
                  <Button type="link" size="small" onClick={() => void bin.restore([r.page.id])}>还原</Button>
                </>
              ),
            },
          ]} />
      </ConfigProvider>
      <ImagePreview items={items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </Card>
  );
}
