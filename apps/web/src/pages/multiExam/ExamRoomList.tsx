import { useEffect, useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Select, Space, Spin, Table } from 'antd';
import { useNavigate } from 'react-router-dom';
import { findMultiRooms, type MultiRooms } from '@/api/multiExam';
import { useMulti } from './useMultiExam';

/**
 * 考场列表 (/multidetails/examRoomList, /schoolAnalysis/examRoomList): every room with its seats, the candidates'
 * subjects beside them; a joint exam's rooms by school (a school taking part sees its own).
 */
export default function ExamRoomList() {
  const { setting } = useMulti();
  const navigate = useNavigate();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const [data, setData] = useState<MultiRooms | null>(null);
  const [error, setError] = useState('');
  const examId = setting?.examId;
  useEffect(() => {
    if (!examId) return;
    let live = true;
    setData(null);
    findMultiRooms(examId, schoolId)
      .then((res) => { if (!live) return; if (res.code === 200 && res.data) { setData(res.data); setError(''); } else setError(res.msg || '加载失败'); })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); });
    return () => { live = false; };
  }, [examId, schoolId]);
  if (!setting) return <Card><Spin /></Card>;
  const joint = setting.mode === 'joint';
  return (
    <Card size="small" title="考场列表" extra={(
      <Space>
        {joint && setting.role === 'organiser' && (
          <Select allowClear placeholder="全部学校" style={{ width: 180 }} value={schoolId} onChange={setSchoolId}
            options={setting.schools.map((s) => ({ value: s.schoolId, label: s.schoolName }))} />
        )}
        {setting.canEdit && !joint && <Button onClick={() => navigate(`/examDetailsEdit/examEdit?examId=${setting.examId}`)}>考场编辑</Button>}
      </Space>
    )}>
      {error && <Alert type="error" showIcon message={error} />}
      {!data && !error && <Spin />}
      {data && data.unassigned > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${data.unassigned} 名考生尚未安排考场`} />}
      {data && !data.rooms.length && <Empty description="尚未编排考场" />}
      {data && data.rooms.length > 0 && (
        <Collapse defaultActiveKey={[0]} items={data.rooms.map((r, i) => ({
          key: i,
          label: `${joint ? `${r.schoolName} · ` : ''}${r.room}（${r.seats.length} 人）`,
          children: (
            <Table size="small" bordered rowKey="examNo" pagination={false} dataSource={r.seats}
              columns={[
                { title: '座号', dataIndex: 'seat', width: 70, render: (v: number | null) => v ?? '—' },
                { title: '考号', dataIndex: 'examNo', width: 120 },
                { title: '姓名', dataIndex: 'name', width: 100 },
                { title: '班级', dataIndex: 'className', width: 100 },
                { title: '考试科目', dataIndex: 'courseNames', render: (v: string[]) => v.join('、') },
              ]} />
          ),
        }))} />
      )}
    </Card>
  );
}
