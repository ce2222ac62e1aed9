import { useEffect, useState } from 'react';
import { Button, Card, Space, Table, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { findJointExams, type JointExam } from '@/api/joint';
import { PAGE_SIZE_OPTIONS } from '@/components/table';

/** Kept alive (docs/PRODUCT.md §2): the page and rows of the list survive navigating away, as analysisMana's do. */
const kept = { current: 1, size: 10, records: [] as JointExam[], total: 0 };
const STATUS = ['', '考试设置', '成绩录入', '待发布', '已发布'];

/**
 * /examMarking/schoolAnalysis (联考分析管理): the joint exams the caller organises or takes part in, each opening
 * 联考分析管理 (/schoolAnalysis) on its 多科考试设置, 考场列表 or 成绩汇总; the organiser's analysis defaults beside.
 */
export default function SchoolAnalysisList() {
  const navigate = useNavigate();
  const [state, setState] = useState(kept);
  const [loading, setLoading] = useState(false);
  useEffect(() => { Object.assign(kept, state); }, [state]);
  const { current, size } = state;
  useEffect(() => {
    let live = true;
    setLoading(true);
    findJointExams(current, size)
      .then((res) => { if (live && res.code === 200 && res.data) setState((s) => ({ ...s, records: res.data!.records, total: res.data!.total })); })
      .catch(() => undefined)
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [current, size]);
  const open = (e: JointExam, page: string) => navigate(`/schoolAnalysis/${page}?examId=${e.examId}`);
  return (
    <Card size="small" title="联考分析管理"
      extra={<Button icon={<SettingOutlined />} onClick={() => navigate('/schoolAnalysis/systemSetting')}>系统设置</Button>}>
      <Table<JointExam> size="small" bordered rowKey="examId" loading={loading} dataSource={state.records}
        pagination={{ current, pageSize: size, total: state.total, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, showQuickJumper: true, showTotal: (t) => `共 ${t} 场`,
          onChange: (p, s) => setState((x) => ({ ...x, current: s !== x.size ? 1 : p, size: s })) }}
        columns={[
          { title: '联考名称', dataIndex: 'name' },
          { title: '年级', dataIndex: 'gradeName', width: 80 },
          { title: '组织方', dataIndex: 'organiserName', width: 140 },
          { title: '科目', dataIndex: 'subjects', render: (v: JointExam['subjects']) => v.map((x) => x.courseName).join('、') },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => STATUS[v] ?? '' },
          { title: '身份', dataIndex: 'role', width: 90, render: (v: JointExam['role']) => (v === 'organiser' ? <Tag color="purple">组织方</Tag> : <Tag>参考学校</Tag>) },
          {
            title: '操作', width: 260, render: (_, e) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => open(e, 'multiSetting')}>多科考试设置</Button>
                <Button size="small" type="link" onClick={() => open(e, 'examRoomList')}>考场列表</Button>
                <Button size="small" type="link" onClick={() => open(e, 'summaryGrades')}>成绩汇总</Button>
              </Space>
            ),
          },
        ]} />
    </Card>
  );
}
