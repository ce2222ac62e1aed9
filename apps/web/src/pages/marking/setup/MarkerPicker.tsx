import { useEffect, useState } from 'react';
import { Checkbox, Input, Modal, Select, Space, Table } from 'antd';
import type { SchoolUserRow } from '@/api/markingSetup';
import { schoolsOf } from './SchoolShares';
import type { TeachingMap } from './useAssignWork';

/**
 * Picks a block's markers among the school's teachers; filters: name or account, teachers of the subject, teachers of
 * a class (the filters need the grade's 任课表; without it every teacher is listed). For a joint exam the teachers of
 * every confirmed school are listed (混合阅卷) with a 学校 column and filter.
 */
export function MarkerPicker({ open, users, teaching, courseCode, value, onClose, onOk }: {
  open: boolean; users: SchoolUserRow[]; teaching: TeachingMap; courseCode?: string; value: number[];
  onClose: () => void; onOk: (userIds: number[]) => void;
}) {
  const [picked, setPicked] = useState<number[]>(value);
  const [text, setText] = useState('');
  const [onlySubject, setOnlySubject] = useState(false);
  const [classId, setClassId] = useState<number | undefined>();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const schools = schoolsOf(users);
  const joint = schools.length > 1;
  useEffect(() => { if (open) setPicked(value); }, [open, value]);

  const shown = users.filter((u) => {
    if (text && !u.userName.includes(text) && !u.loginId.includes(text)) return false;
    const t = teaching.byUser.get(u.userId);
    if (onlySubject && courseCode && !t?.courses.has(courseCode)) return false;
    if (classId && !t?.classIds.has(classId)) return false;
    if (schoolId && u.schoolId !== schoolId) return false;
    return true;
  });
  return (
    <Modal open={open} title="选择阅卷老师" width={640} okText="确定" cancelText="取消" destroyOnHidden
      onCancel={onClose} onOk={() => { onOk(picked); onClose(); }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder="姓名或账号" allowClear value={text} onChange={(e) => setText(e.target.value)} style={{ width: 180 }} aria-label="搜索老师" />
        <Checkbox checked={onlySubject} onChange={(e) => setOnlySubject(e.target.checked)} disabled={!teaching.byUser.size}>只看本学科任课老师</Checkbox>
        <Select allowClear placeholder="按班级筛选" style={{ width: 160 }} value={classId} onChange={setClassId}
          options={teaching.classes.map((c) => ({ value: c.id, label: c.name }))} disabled={!teaching.classes.length} />
        {joint && <Select allowClear placeholder="按学校筛选" style={{ width: 180 }} value={schoolId} onChange={setSchoolId} aria-label="按学校筛选"
          options={schools.map((x) => ({ value: x.schoolId, label: x.schoolName }))} />}
        <span style={{ color: '#666' }}>已选 {picked.length} 人</span>
      </Space>
      <Table<SchoolUserRow> rowKey="userId" size="small" dataSource={shown} pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="marker-picker-table"
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys.map(Number)),
        }}
        columns={[{ title: '姓名', dataIndex: 'userName' }, { title: '账号', dataIndex: 'loginId' }, ...(joint ? [{ title: '学校', dataIndex: 'schoolName' }] : [])]} />
    </Modal>
  );
}
