import { useState } from 'react';
import { Alert, Checkbox, Form, Modal, Radio, Select, Spin } from 'antd';
import type { Exam } from '@/api/exam';
import { findExamRooms } from '@/api/examRoom';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { useLoadOnOpen } from '@/hooks/useLoadOnOpen';

/**
 * 打印条形码: sticky 考号 labels (A4, 3 × 8 labels of 63.5 × 33.9 mm) by exam room then seat, or by class then
 * 考号 → a labels render job; each room or class starts on a new sheet.
 */
export function LabelsModal({ exam, examSubjectId, open, onClose }: { exam: Exam; examSubjectId: number; open: boolean; onClose: () => void }) {
  const job = useRenderJob();
  const [rooms, setRooms] = useState<{ value: string; label: string }[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [order, setOrder] = useState<'room' | 'class'>('room');
  const [subjectOnly, setSubjectOnly] = useState(true);
  const { loading, error } = useLoadOnOpen(open, exam.id, async () => {
    const res = await findExamRooms(exam.id);
    if (res.code !== 200 || !res.data) return res.msg || '加载考场失败';
    setRooms(res.data.rooms.map((r) => ({ value: r.name, label: `${r.name}（${r.assigned} 人）` })));
    setPicked([]);
    setOrder(res.data.rooms.some((r) => r.assigned > 0) ? 'room' : 'class'); // rooms not arranged yet: by class
    return null;
  }, '加载考场失败');
  const ok = () => {
    void job.start({
      type: 'labels', examId: exam.id, labelOrder: order, ...(subjectOnly ? { examSubjectId } : {}), ...(order === 'room' && picked.length ? { rooms: picked } : {}),
    }, `打印条形码：${exam.name}`, 'print');
    onClose();
  };
  return (
    <>
      <Modal title={`打印条形码 — ${exam.name}`} open={open} maskClosable={false} onCancel={onClose} onOk={ok} okText="生成" cancelText="取消"
        okButtonProps={{ disabled: loading || !!error }} destroyOnHidden>
        <Spin spinning={loading}>
          {error ? <Alert type="error" showIcon title={error} /> : (
            <Form layout="vertical">
              <Form.Item label="排列" extra={order === 'room' ? '按考场、座号排列，每个考场从新的一页开始' : '按班级、考号排列，每个班级从新的一页开始'}>
                <Radio.Group aria-label="排列" value={order} onChange={(e) => setOrder(e.target.value)} optionType="button"
                  options={[{ value: 'room', label: '按考场', disabled: !rooms.length }, { value: 'class', label: '按班级' }]} />
              </Form.Item>
              {order === 'room' && (
                <Form.Item label="考场" extra="不选 = 全部考场">
                  <Select aria-label="考场" mode="multiple" allowClear value={picked} onChange={setPicked} options={rooms} style={{ width: '100%' }} placeholder="全部考场" />
                </Form.Item>
              )}
              <Form.Item>
                <Checkbox checked={subjectOnly} onChange={(e) => setSubjectOnly(e.target.checked)}>只打印参加本科目的考生</Checkbox>
              </Form.Item>
              <Alert type="info" showIcon title="A4 不干胶标签纸，每页 3 列 × 8 行（每张 63.5 × 33.9 mm，如 Avery L7159 及同规格国产标签纸）；打印时请选择「实际大小」，不要缩放。" />
            </Form>
          )}
        </Spin>
      </Modal>
      <JobProgressModal job={job} printable />
    </>
  );
}
