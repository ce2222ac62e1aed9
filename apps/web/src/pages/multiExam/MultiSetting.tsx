import { App, Button, Card, Space, Spin, Table, Tag } from 'antd';
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { exportMultiStudents, importMultiStudents } from '@/api/multiExam';
import { ImportButton } from '@/components/table/ImportButton';
import { saveBlob } from '@/utils/request';
import { useMulti } from './useMultiExam';

/**
 * 多科考试设置 (/multidetails/examMultiSetting, /schoolAnalysis/multiSetting): the exam's subjects with full score,
 * date, candidates and whether each counts in the 总分; the 科目组合; the schools of a joint exam. The analysis
 * settings themselves open in 考试设置 (multiExamConfig is the same service).
 */
export default function MultiSetting() {
  const { setting, reload } = useMulti();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message } = App.useApp();
  if (!setting) return <Card><Spin /></Card>;
  const settingsPage = pathname.startsWith('/schoolAnalysis') ? '/schoolAnalysis/examSetting' : '/examAnalysisMana/examSetting';
  const exportStudents = async () => {
    const res = await exportMultiStudents(setting.examId);
    if ('blob' in res) saveBlob(res.blob, res.filename); else message.error(res.msg || '导出失败');
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small" title="考试科目" extra={setting.role === 'organiser' && (
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void exportStudents()}>导出考生与选考科目</Button>
          {setting.canEdit && !setting.released && <ImportButton upload={(f) => importMultiStudents(setting.examId, f)} onDone={reload}>导入选考科目</ImportButton>}
          <Button type="primary" icon={<SettingOutlined />} onClick={() => navigate(`${settingsPage}?examId=${setting.examId}`)}>分析设置</Button>
        </Space>
      )}>
        <Table size="small" bordered rowKey="examSubjectId" pagination={false} dataSource={setting.subjects} data-testid="multi-subjects"
          columns={[
            { title: '科目', dataIndex: 'courseName' },
            { title: '满分', dataIndex: 'fullScore', width: 80 },
            { title: '考试日期', dataIndex: 'examDate', width: 120, render: (v: string | null) => v ?? '—' },
            { title: '参考人数', dataIndex: 'candidateCount', width: 100 },
            { title: '计入总分', dataIndex: 'inTotal', width: 100, render: (v: boolean) => (v ? <Tag color="blue">计入</Tag> : <Tag>不计入</Tag>) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}><b>总分</b></Table.Summary.Cell>
              <Table.Summary.Cell index={1}><b>{setting.totalFullScore}</b></Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={3}>考生 {setting.studentCount} 人</Table.Summary.Cell>
            </Table.Summary.Row>
          )} />
      </Card>
      <Card size="small" title="科目组合（选科）">
        <Table size="small" bordered rowKey="name" pagination={false} dataSource={setting.combos}
          columns={[
            { title: '组合名称', dataIndex: 'name', width: 160 },
            { title: '科目', dataIndex: 'courseCodes', render: (codes: string[]) => codes.map((c) => setting.subjects.find((s) => s.courseCode === c)?.courseName ?? c).join('、') },
            { title: '满分', dataIndex: 'fullScore', width: 80 },
          ]} />
      </Card>
      {setting.mode === 'joint' && (
        <Card size="small" title={setting.role === 'organiser' ? '参考学校' : '本校'}>
          <Table size="small" bordered rowKey="schoolId" pagination={false} dataSource={setting.schools}
            columns={[{ title: '学校', dataIndex: 'schoolName' }, { title: '考生数', dataIndex: 'studentCount', width: 100 }]} />
        </Card>
      )}
    </Space>
  );
}
