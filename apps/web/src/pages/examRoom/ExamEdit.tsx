import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, OrderedListOutlined, PlusOutlined, SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Exam, ExamStudent } from '@/api/exam';
import { SearchTable, useFeedback } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { ScanFrame } from '../scan/ScanFrame';
import { useScanExam } from '../scan/useScanExam';
import { useExamEdit, type RoomDraft } from './useExamEdit';

const seatingColumns: TableColumnsType<ExamStudent> = [
  { title: '考场', dataIndex: 'room', width: 110, render: (v: string) => v || '-' },
  { title: '座号', dataIndex: 'seat', width: 70, render: (v: number | null) => v ?? '-' },
  { title: '考号', dataIndex: 'examNo', width: 130 },
  { title: '姓名', dataIndex: 'name', width: 100 },
  { title: '班级', dataIndex: 'className', width: 100 },
];

function Rooms({ exam }: { exam: Exam }) {
  const can = usePermission();
  const canEdit = can('exam:exam:edit');
  const e = useExamEdit(exam.id);
  const [gen, setGen] = useState({ count: 4, capacity: 30 });
  const [seed, setSeed] = useState<number | null>(20261);
  const assigned = new Map((e.saved?.rooms ?? []).map((r) => [r.name, r.assigned]));
  const students = e.saved?.studentCount ?? 0;
  const roomColumns: TableColumnsType<RoomDraft> = [
    { title: '序号', key: 'i', width: 60, render: (_, __, i) => i + 1 },
    { title: '考场名称', dataIndex: 'name', render: (v: string, r) => <Input value={v} maxLength={50} disabled={!canEdit} aria-label={`考场名称 ${r.key}`} onChange={(x) => e.edit(r.key, { name: x.target.value })} /> },
    { title: '容量', dataIndex: 'capacity', width: 120, render: (v: number | null, r) => <InputNumber value={v} min={1} max={500} precision={0} disabled={!canEdit} aria-label={`容量 ${r.key}`} onChange={(x) => e.edit(r.key, { capacity: x })} /> },
    { title: '已安排', key: 'assigned', width: 80, render: (_, r) => assigned.get(r.name) ?? 0 },
    ...(canEdit ? [{ title: '操作', key: 'op', width: 70, render: (_: unknown, r: RoomDraft) => <Button type="link" danger size="small" icon={<DeleteOutlined />} aria-label="删除考场" onClick={() => e.removeRoom(r.key)} /> }] : []),
  ];
  return (
    <>
      <Card size="small" title="考场设置" extra={canEdit && (
        <Space wrap>
          <span>批量生成</span>
          <InputNumber size="small" min={1} max={500} precision={0} value={gen.count} aria-label="考场数" onChange={(v) => setGen((g) => ({ ...g, count: v ?? 1 }))} addonAfter="个考场" style={{ width: 130 }} />
          <InputNumber size="small" min={1} max={500} precision={0} value={gen.capacity} aria-label="每考场容量" onChange={(v) => setGen((g) => ({ ...g, capacity: v ?? 1 }))} addonAfter="人/考场" style={{ width: 140 }} />
          <Button size="small" onClick={() => e.generate(gen.count, gen.capacity)}>生成</Button>
        </Space>
      )}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <div data-testid="room-summary">
            考生 {students} 人，考场 {e.drafts.length} 个，总容量 {e.capacity}
            {e.saved && e.saved.unassigned > 0 && <Typography.Text type="warning">　未安排考场 {e.saved.unassigned} 人</Typography.Text>}
          </div>
          {e.capacity < students && <Alert type="warning" showIcon message={`考场总容量 ${e.capacity} 少于考生人数 ${students}，请增加考场或容量`} />}
          <Table<RoomDraft> size="small" rowKey="key" dataSource={e.drafts} columns={roomColumns} pagination={false} locale={{ emptyText: '尚未设置考场' }} scroll={{ y: 320 }} />
          {canEdit && (
            <Space wrap>
              <Button icon={<PlusOutlined />} onClick={e.addRoom}>添加考场</Button>
              <Button type="primary" icon={<SaveOutlined />} disabled={!e.dirty || !e.drafts.length} loading={e.busy} onClick={() => void e.save()}>保存考场</Button>
              <Popconfirm title="按班级顺序（班内按学号）依次排满各考场？现有考场与座号将被覆盖。" okText="编排" cancelText="取消" onConfirm={() => void e.arrange('class')}>
                <Button icon={<OrderedListOutlined />} disabled={!e.saved?.rooms.length} loading={e.busy}>按班级顺序编排</Button>
              </Popconfirm>
              <Space.Compact>
                <InputNumber min={0} max={2147483647} precision={0} value={seed} onChange={setSeed} aria-label="随机种子" addonBefore="种子" style={{ width: 170 }} />
                <Popconfirm title="按种子随机打乱后依次排满各考场？同一种子得到同样的座位。" okText="编排" cancelText="取消" onConfirm={() => void e.arrange('random', seed ?? 0)}>
                  <Button icon={<ThunderboltOutlined />} disabled={!e.saved?.rooms.length} loading={e.busy}>随机编排</Button>
                </Popconfirm>
              </Space.Compact>
            </Space>
          )}
        </Space>
      </Card>
      <SearchTable<ExamStudent>
        table={e.table} rowKey="id" columns={seatingColumns} scroll={{ x: 520 }} title="考场安排" formName="seatingSearch"
        searchFields={(
          <>
            <Form.Item name="room" label="考场"><Input allowClear placeholder="考场名称" style={{ width: 140 }} /></Form.Item>
            <Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 150 }} /></Form.Item>
          </>
        )}
        toolbar={canEdit && <Button icon={<DownloadOutlined />} loading={e.busy} onClick={() => void e.exportList()}>导出 Excel</Button>}
      />
    </>
  );
}

/** /examDetailsEdit/examEdit (考场编辑): rooms with capacity, seats by class order or by seed, the seating list and its export. */
export default function ExamEdit() {
  useFeedback();
  const scan = useScanExam();
  return (
    <ScanFrame scan={scan} title="考场编辑">
      {() => scan.exam && <Space direction="vertical" size={12} style={{ width: '100%' }}><Rooms key={scan.exam.id} exam={scan.exam} /></Space>}
    </ScanFrame>
  );
}
