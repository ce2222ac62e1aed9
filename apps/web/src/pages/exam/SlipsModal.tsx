import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Radio, Space, Spin } from 'antd';
import type { Exam } from '@/api/exam';
import { findReportFilter } from '@/api/report';
import { JobProgressModal, useRenderJob } from '@/components/job';

/** 打印成绩条: choose classes (those the caller may see) and one PDF or a zip per class → a slips render job. */
export function SlipsModal({ exam, open, onClose }: { exam: Exam; open: boolean; onClose: () => void }) {
  const job = useRenderJob();
  const [classes, setClasses] = useState<{ value: number; label: string }[]>([]);
  const [classIds, setClassIds] = useState<number[]>([]);
  const [format, setFormat] = useState<'pdf' | 'zip'>('pdf');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setLoading(true);
    setError(null);
    findReportFilter({ examId: exam.id })
      .then((res) => {
        if (res.code === 200 && res.data) {
          const list = res.data.classes.filter((c) => c.value !== 0).map((c) => ({ value: c.value, label: c.label }));
          setClasses(list);
          setClassIds(list.length === 1 ? [list[0]!.value] : []);
        } else setError(res.msg || '加载班级失败');
      })
      .catch(() => setError('加载班级失败'))
      .finally(() => setLoading(false));
  }, [open, exam.id]);
  const ok = () => {
    void job.start({ type: 'slips', examId: exam.id, classIds, format: classIds.length === 1 ? 'pdf' : format }, `打印成绩条：${exam.name}`);
    onClose();
  };
  return (
    <>
      <Modal title={`打印成绩条 — ${exam.name}`} open={open} maskClosable={false} onCancel={onClose} onOk={ok} okText="生成" cancelText="取消"
        okButtonProps={{ disabled: loading || !!error || !classes.length }} destroyOnHidden>
        <Spin spinning={loading}>
          {error ? <Alert type="error" showIcon title={error} /> : (
            <Form layout="vertical">
              <Form.Item label="班级" extra="不选 = 可查看的全部班级；每名学生一页 A4">
                <Space direction="vertical">
                  <Checkbox indeterminate={classIds.length > 0 && classIds.length < classes.length} checked={classes.length > 0 && classIds.length === classes.length}
                    onChange={(e) => setClassIds(e.target.checked ? classes.map((c) => c.value) : [])}>全选</Checkbox>
                  <Checkbox.Group aria-label="班级" value={classIds} onChange={(v) => setClassIds(v as number[])} options={classes} />
                </Space>
              </Form.Item>
              <Form.Item label="格式">
                <Radio.Group aria-label="格式" value={format} onChange={(e) => setFormat(e.target.value)} optionType="button"
                  options={[{ value: 'pdf', label: '一个PDF' }, { value: 'zip', label: '按班级打包zip' }]} />
              </Form.Item>
            </Form>
          )}
        </Spin>
      </Modal>
      <JobProgressModal job={job} printable />
    </>
  );
}
