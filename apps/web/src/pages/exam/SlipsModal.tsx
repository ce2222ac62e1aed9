import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Radio, Select, Space, Spin } from 'antd';
import type { Exam } from '@/api/exam';
import { findReportFilter } from '@/api/report';
import { JobProgressModal, useRenderJob } from '@/components/job';

/**
 * 打印成绩条: choose classes (those the caller may see, narrowed by 班级类型) and one PDF or a zip per class →
 * a slips render job, one student per A4 page or several per page as strips to cut apart (版式).
 */
export function SlipsModal({ exam, open, onClose }: { exam: Exam; open: boolean; onClose: () => void }) {
  const job = useRenderJob();
  const [allClasses, setAllClasses] = useState<{ value: number; label: string; classType: string }[]>([]);
  const [classTypes, setClassTypes] = useState<{ value: string; label: string }[]>([]);
  const [classType, setClassType] = useState('');
  const [classIds, setClassIds] = useState<number[]>([]);
  const [format, setFormat] = useState<'pdf' | 'zip'>('pdf');
  const [layout, setLayout] = useState<'page' | 'strips'>('page');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setLoading(true);
    setError(null);
    findReportFilter({ examId: exam.id })
      .then((res) => {
        if (res.code === 200 && res.data) {
          const list = res.data.classes.filter((c) => c.value !== 0).map((c) => ({ value: c.value, label: c.label, classType: c.classType }));
          setAllClasses(list);
          setClassTypes(res.data.classTypes.filter((t) => t.value !== '' && t.value !== '0'));
          setClassType('');
          setClassIds(list.length === 1 ? [list[0]!.value] : []);
        } else setError(res.msg || '加载班级失败');
      })
      .catch(() => setError('加载班级失败'))
      .finally(() => setLoading(false));
  }, [open, exam.id]);
  const classes = allClasses.filter((c) => !classType || c.classType === classType);
  const chooseType = (t: string) => {
    setClassType(t);
    setClassIds((ids) => ids.filter((id) => allClasses.some((c) => c.value === id && (!t || c.classType === t))));
  };
  const ok = () => {
    void job.start({ type: 'slips', examId: exam.id, classIds, classType, layout, format: classIds.length === 1 ? 'pdf' : format }, `打印成绩条：${exam.name}`);
    onClose();
  };
  return (
    <>
      <Modal title={`打印成绩条 — ${exam.name}`} open={open} maskClosable={false} onCancel={onClose} onOk={ok} okText="生成" cancelText="取消"
        okButtonProps={{ disabled: loading || !!error || !classes.length }} destroyOnHidden>
        <Spin spinning={loading}>
          {error ? <Alert type="error" showIcon title={error} /> : (
            <Form layout="vertical">
              {classTypes.length > 1 && (
                <Form.Item label="班级类型">
                  <Select aria-label="班级类型" value={classType} onChange={chooseType} style={{ width: 200 }}
                    options={[{ value: '', label: '全部' }, ...classTypes]} />
                </Form.Item>
              )}
              <Form.Item label="班级" extra={`不选 = 可查看的全部${classType ? classType : '班级'}`}>
                <Space direction="vertical">
                  <Checkbox indeterminate={classIds.length > 0 && classIds.length < classes.length} checked={classes.length > 0 && classIds.length === classes.length}
                    onChange={(e) => setClassIds(e.target.checked ? classes.map((c) => c.value) : [])}>全选</Checkbox>
                  <Checkbox.Group aria-label="班级" value={classIds} onChange={(v) => setClassIds(v as number[])} options={classes} />
                </Space>
              </Form.Item>
              <Form.Item label="版式" extra={layout === 'strips' ? '每页 A4 印 8 名学生，沿虚线裁开；每个班级从新的一页开始' : '每名学生一页 A4（含小题得分和评语）'}>
                <Radio.Group aria-label="版式" value={layout} onChange={(e) => setLayout(e.target.value)} optionType="button"
                  options={[{ value: 'page', label: '每页一人' }, { value: 'strips', label: '每页多人（裁剪条）' }]} />
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
