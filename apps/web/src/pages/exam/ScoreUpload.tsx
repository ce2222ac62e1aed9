import { useState } from 'react';
import { App, Alert, Button, Card, Col, Empty, Progress, Result, Row, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import {
  CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, DownloadOutlined, LoadingOutlined, RedoOutlined, SendOutlined, UploadOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { clampPercent } from '@jz/shared';
import { RELEASE_STEPS } from '@/api/release';
import { downloadScoreTemplate, importQuestionScores, importTotalScores, type ScoreImportError, type ScoreImportResult } from '@/api/score';
import { feedbackMessage, runDownload, useFeedback } from '@/components/table';
import { EntryTable, ReleaseBlockers } from './ReleaseCheck';
import { useScoreRelease } from './useScoreRelease';
import { usePermission } from '@/components/Permission';
import type { ApiResult } from '@/utils/request';
import { STATUS_COLORS } from './examConstants';
import { useExamDetail, useExamId } from './useExam';

/** Every bad cell of a refused score import, with its sheet. */
function showScoreImportErrors(modal: ReturnType<typeof App.useApp>['modal'], errors: ScoreImportError[], msg: string) {
  modal.error({
    title: '导入失败',
    width: 760,
    maskClosable: false,
    okText: '知道了',
    content: (
      <div>
        <p>{msg || `共 ${errors.length} 处错误，未写入任何数据`}。请修改 Excel 后重新导入。</p>
        <Table<ScoreImportError & { key: number }> size="small" rowKey="key" dataSource={errors.map((e, i) => ({ ...e, key: i }))}
          pagination={errors.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条`, showSizeChanger: false } : false}
          columns={[
            { title: '工作表', dataIndex: 'sheet', width: 110, render: (v) => v || '-' },
            { title: '行号', dataIndex: 'row', width: 70 },
            { title: '列', dataIndex: 'column', width: 110, render: (v) => v || '-' },
            { title: '错误原因', dataIndex: 'reason' },
          ]} />
      </div>
    ),
  });
}

type ImportAnswer = ApiResult<ScoreImportResult | { errors: ScoreImportError[] } | null>;

/** An .xlsx upload button for score workbooks: errors → the table above, success → the per-subject result. */
function ScoreImportButton({ label, upload, onDone }: { label: string; upload: (f: File) => Promise<ImportAnswer>; onDone: (r: ScoreImportResult) => void }) {
  const { modal } = App.useApp();
  const [loading, setLoading] = useState(false);
  return (
    <Upload accept=".xlsx,.xls" showUploadList={false} beforeUpload={(file) => {
      setLoading(true);
      upload(file)
        .then((res) => {
          const data = res.data as { errors?: ScoreImportError[] } | ScoreImportResult | null;
          if (res.code === 200 && data && 'subjects' in data) { feedbackMessage().success(res.msg || '导入成功'); onDone(data); } else if (data && 'errors' in data && data.errors?.length) showScoreImportErrors(modal, data.errors, res.msg);
          else if (res.code !== 401) feedbackMessage().error(res.msg || '导入失败');
        })
        .catch(() => feedbackMessage().error('导入失败，请稍后重试'))
        .finally(() => setLoading(false));
      return false;
    }}>
      <Button type="primary" icon={<UploadOutlined />} loading={loading}>{label}</Button>
    </Upload>
  );
}

const STEP_ICONS = {
  wait: <ClockCircleOutlined style={{ color: '#bfbfbf' }} />,
  process: <LoadingOutlined style={{ color: '#1677ff' }} />,
  finish: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};
const STEP_TEXT = { wait: '等待中', process: '进行中', finish: '已完成', error: '失败' };

/** /examDetailsEdit/scoreUpload: templates, score import, and the four-step score release with progress. */
export default function ScoreUpload() {
  const { modal } = App.useApp();
  useFeedback();
  const navigate = useNavigate();
  const examId = useExamId();
  const { exam, loading, error, reload } = useExamDetail(examId);
  const can = usePermission();
  const canRelease = can('exam:exam:edit');
  const [result, setResult] = useState<ScoreImportResult | null>(null);
  const { progress, check, reloadCheck, starting, start } = useScoreRelease(examId, reload);

  if (!examId) {
    return <Card><Empty description="请先在考试列表中选择一场考试"><Button type="primary" onClick={() => navigate('/examMarking/myExamList')}>去选择考试</Button></Empty></Card>;
  }
  if (!exam) return <Card>{loading ? <Spin /> : <Result status="warning" title={error || '考试不存在'} />}</Card>;

  const released = !!exam.releasedAt;
  const running = progress?.state === 'running';
  const steps = progress?.steps?.length ? progress.steps : RELEASE_STEPS.map((s) => ({ ...s, status: 'wait' as const }));
  const percent = clampPercent(progress?.percent ?? (released ? 100 : 0));
  const totalsOnly = exam.subjects.filter((s) => s.totalsOnly || s.questionCount === 0);
  const withQuestions = exam.subjects.filter((s) => s.questionCount > 0);
  const imported = () => { reload(); void reloadCheck(); };
  let messageLine: React.ReactNode = progress?.message || (released ? `成绩已于 ${new Date(exam.releasedAt!).toLocaleString('zh-CN')} 发布` : '尚未发布');
  if (progress?.state === 'failed') messageLine = <Typography.Text type="danger">{progress.error || progress.message || '发布失败'}</Typography.Text>;
  else if (progress?.state === 'done') messageLine = <Typography.Text type="success">{progress.message || '发布完成'}</Typography.Text>;

  // the check first: a release that cannot pass says why (marking per block included) and asks nothing
  const confirmStart = async (again: boolean) => {
    const c = await reloadCheck();
    if (!c) return;
    if (!c.ready) {
      modal.warning({ title: '暂不能发布', width: 640, okText: '知道了', content: <ReleaseBlockers check={c} /> });
      return;
    }
    modal.confirm({
      title: again ? '重新发布' : '开始发布',
      content: again ? '将按当前成绩重新计算科目成绩、总分、排名与全部分析报告，确认重新发布吗？' : '发布后小题成绩只能通过成绩更正修改，确认开始发布吗？',
      okText: '确定', cancelText: '取消',
      onOk: start,
    });
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>{exam.name}</Typography.Title>
          <Tag color="blue">{exam.examTypeName}</Tag>
          <Tag color={STATUS_COLORS[exam.status]}>{exam.statusName}</Tag>
          <span style={{ color: '#666' }}>{exam.gradeName}　考生 {exam.studentCount} 人</span>
        </Space>
      </Card>

      <Card size="small" title="第一步：下载模板并导入成绩">
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" type="inner" title="小题成绩">
              <Typography.Paragraph type="secondary">每个科目一个工作表：考号、姓名、班级、各题得分（客观题可填选项字母），缺考列填 1 或 是。适用于已设置小题的科目{withQuestions.length ? `（${withQuestions.map((s) => s.courseName).join('、')}）` : ''}。</Typography.Paragraph>
              <Space wrap>
                <Button icon={<DownloadOutlined />} onClick={() => runDownload(downloadScoreTemplate(exam.id, 'question'), `${exam.name}-小题成绩模板.xlsx`)}>下载小题成绩模板</Button>
                <ScoreImportButton label="导入小题成绩" upload={(f) => importQuestionScores(exam.id, f)} onDone={(r) => { setResult(r); imported(); }} />
              </Space>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" type="inner" title="科目总分">
              <Typography.Paragraph type="secondary">一个工作表：考号、姓名、班级、各科总分，空白或“缺考”记为缺考。仅适用于未设置小题的科目{totalsOnly.length ? `（${totalsOnly.map((s) => s.courseName).join('、')}）` : ''}。</Typography.Paragraph>
              <Space wrap>
                <Button icon={<DownloadOutlined />} onClick={() => runDownload(downloadScoreTemplate(exam.id, 'total'), `${exam.name}-总分成绩模板.xlsx`)}>下载总分成绩模板</Button>
                <ScoreImportButton label="导入科目总分" upload={(f) => importTotalScores(exam.id, f)} onDone={(r) => { setResult(r); imported(); }} />
              </Space>
            </Card>
          </Col>
        </Row>
        {released && <Alert type="warning" showIcon style={{ marginTop: 12 }} message="成绩已发布：重新导入会被拒绝，修改成绩请使用成绩更正。" />}
        {result && (
          <Table size="small" style={{ marginTop: 12 }} rowKey="courseCode" pagination={false} dataSource={result.subjects}
            title={() => `本次导入 ${result.rows} 行`}
            columns={[
              { title: '科目', dataIndex: 'courseName' },
              { title: '有成绩', dataIndex: 'scored' },
              { title: '缺考', dataIndex: 'absent' },
              { title: '其中未在文件中（记为缺考）', dataIndex: 'notInFile' },
            ]} />
        )}
        <EntryTable exam={exam} check={check} />
      </Card>

      <Card size="small" title="第二步：发布成绩">
        <div className="jz-publish-steps" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
          {steps.map((s) => (
            <div key={s.step} data-testid={`publish-step-${s.step}`} data-status={s.status}
              style={{ flex: '1 1 180px', border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px', background: s.status === 'process' ? '#e6f4ff' : '#fafafa' }}>
              <Space>
                <span style={{ fontSize: 20 }}>{STEP_ICONS[s.status]}</span>
                <div>
                  <div style={{ fontWeight: 500 }}>{s.step}. {s.title}</div>
                  <div style={{ color: '#999', fontSize: 12 }}>{STEP_TEXT[s.status]}</div>
                </div>
              </Space>
            </div>
          ))}
        </div>
        <Progress percent={percent} status={progress?.state === 'failed' ? 'exception' : progress?.state === 'done' || (released && !running) ? 'success' : running ? 'active' : 'normal'} aria-label="发布进度" />
        <div style={{ margin: '8px 0 16px', minHeight: 22 }} data-testid="publish-message">{messageLine}</div>
        {canRelease ? (
          <Space>
            <Button type="primary" icon={<SendOutlined />} loading={starting && !released} disabled={running || released} onClick={() => void confirmStart(false)}>开始发布</Button>
            <Button icon={<RedoOutlined />} loading={starting && released} disabled={running || (!released && progress?.state !== 'failed' && progress?.state !== 'done')} onClick={() => void confirmStart(true)}>重新发布</Button>
            {released && <Button type="link" onClick={() => navigate(`/analysisReportList/list?examId=${exam.id}`)}>查看报告</Button>}
          </Space>
        ) : <Typography.Text type="secondary">发布成绩需要「管理考试」权限。</Typography.Text>}
      </Card>
    </Space>
  );
}
