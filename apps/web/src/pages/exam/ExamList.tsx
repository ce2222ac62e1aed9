import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Card, ConfigProvider, Dropdown, Empty, Form, Input, Pagination, Progress, Select, Space, Spin, Steps, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { AppstoreOutlined, BarChartOutlined, CopyOutlined, DeleteOutlined, OrderedListOutlined, FileSearchOutlined, FormOutlined, MoreOutlined, PlusOutlined, PrinterOutlined, ScanOutlined, SearchOutlined, SettingOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { EXAM_TYPES, clampPercent, subjectStyle } from '@jz/shared';
import { deleteExam, findExamPage, type Exam, type ExamQuery } from '@/api/exam';
import { findSchoolGrades, type SchoolGrade } from '@/api/school';
import { PAGE_SIZE_OPTIONS, listTheme, loadData, runAction, useFeedback } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { CreateExamModal } from './CreateExamModal';
import { SlipsModal } from './SlipsModal';
import { EXAM_MODE_NAMES, EXAM_STATUSES, STATUS_COLORS } from './examConstants';

type Filters = Omit<ExamQuery, 'current' | 'size'>;
interface ListState { filters: Filters; current: number; size: number; records: Exam[]; total: number }

/**
 * Kept-alive lists (docs/PRODUCT.md §2: analysisMana is kept alive when navigated away): their filters, page and last rows
 * live here, outside the component, so coming back shows the list as it was left.
 */
const keptAlive = new Map<string, ListState>();
const fresh = (): ListState => ({ filters: {}, current: 1, size: 10, records: [], total: 0 });

/** State of an exam card list: filters, page, rows; kept in the module store when `keepAliveKey` is given. */
function useExamList(keepAliveKey?: string) {
  const [state, setState] = useState<ListState>(() => (keepAliveKey && keptAlive.get(keepAliveKey)) || fresh());
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => { if (keepAliveKey) keptAlive.set(keepAliveKey, state); }, [keepAliveKey, state]);
  const { filters, current, size } = state;
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    findExamPage({ ...filters, current, size })
      .then((res) => {
        if (mine !== seq.current) return;
        if (res.code === 200 && res.data) {
          const { records, total } = res.data;
          if (!records.length && current > 1 && total > 0) { setState((s) => ({ ...s, current: Math.max(1, Math.ceil(total / size)) })); return; }
          setState((s) => ({ ...s, records, total }));
        } else setState((s) => ({ ...s, records: [], total: 0 }));
      })
      .catch(() => undefined)
      .finally(() => { if (mine === seq.current) setLoading(false); });
  }, [filters, current, size, tick]);
  const search = useCallback((f: Filters) => { setState((s) => ({ ...s, filters: f, current: 1 })); setTick((t) => t + 1); }, []);
  const setPage = useCallback((page: number, pageSize: number) => setState((s) => ({ ...s, current: pageSize !== s.size ? 1 : page, size: pageSize })), []);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, loading, search, setPage, reload };
}

const examTypeName = (v: number) => EXAM_TYPES.find((t) => t.value === v)?.label ?? '';

/** One exam card: name, type tag, grade, dates, subjects, the four step states and the progress. */
function ExamCard({ exam, canEdit, onDelete }: { exam: Exam; canEdit: boolean; onDelete: (e: Exam) => void }) {
  const navigate = useNavigate();
  const can = usePermission();
  const [slips, setSlips] = useState(false);
  const q = `?examId=${exam.id}`;
  const released = exam.status === 4;
  const percent = clampPercent(exam.progress);
  // 扫描管理 for the subjects the server says the account may scan (操作说明: 考试阅卷 → 我的考试 → 扫描管理)
  const scanFirst = exam.subjects.find((s) => s.canScan);
  const more: MenuProps['items'] = [
    { key: 'summary', icon: <BarChartOutlined />, label: '成绩汇总' },
    ...(exam.mode !== 'single' ? [{ key: 'multi', icon: <AppstoreOutlined />, label: '多科考试管理' }] : []),
    { key: 'readiness', icon: <OrderedListOutlined />, label: '准备进度' },
    ...(canEdit ? [{ key: 'copy', icon: <CopyOutlined />, label: '复制设置' }] : []),
    ...(can('exam:exam:view') ? [{ key: 'card', icon: <FormOutlined />, label: '答题卡', disabled: !exam.subjects.length }] : []),
    ...(can('report:report:export') ? [{ key: 'slips', icon: <PrinterOutlined />, label: released ? '打印成绩条' : '打印成绩条（成绩发布后）', disabled: !released }] : []),
    ...(canEdit ? [{ type: 'divider' as const }, { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true }] : []),
  ];
  const onMore = (key: string) => {
    if (key === 'summary') navigate(exam.mode !== 'single' ? `/multidetails/summaryGrades${q}` : `/examAnalysisMana/summaryOfGrade${q}`);
    if (key === 'multi') navigate(`/multidetails/examMultiSetting${q}`);
    if (key === 'readiness') navigate(`/tabscroll${q}`);
    if (key === 'copy') navigate(`/copeSettiing?toExamId=${exam.id}`);
    if (key === 'card') navigate(`/makeSheetCard${q}&examSubjectId=${exam.subjects[0]!.id}`);
    if (key === 'slips') setSlips(true);
    if (key === 'delete') onDelete(exam);
  };
  return (
    <Card size="small" className="jz-exam-card" style={{ marginBottom: 12 }} data-testid="exam-card">
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Space wrap size={8} style={{ marginBottom: 6 }}>
            <Typography.Text strong style={{ fontSize: 16 }}>{exam.name}</Typography.Text>
            <Tag color="blue">{exam.examTypeName || examTypeName(exam.examType)}</Tag>
            <Tag>{EXAM_MODE_NAMES[exam.mode] ?? exam.mode}</Tag>
            <Tag color={STATUS_COLORS[exam.status]}>{exam.statusName || EXAM_STATUSES.find((s) => s.value === exam.status)?.label}</Tag>
          </Space>
          <div style={{ color: '#666', marginBottom: 6 }}>
            <Space split={<span style={{ color: '#ddd' }}>|</span>} wrap>
              <span>年级：{exam.gradeName}</span>
              <span>考试日期：{exam.startDate === exam.endDate ? exam.startDate : `${exam.startDate} 至 ${exam.endDate}`}</span>
              <span>考生：{exam.studentCount} 人</span>
              <span>班级：{exam.classCount} 个</span>
            </Space>
          </div>
          <Space size={[4, 4]} wrap style={{ display: 'inline-flex' }}>
            {exam.subjects.map((s) => (
              <Tooltip key={s.id} title={`${s.usedCardTypeName} · 未扫 ${s.noScanCount} 缺考 ${s.missExamCount} 异常 ${s.abnormalCount} 上传成功 ${s.uploadCount}`}>
                <Tag color={subjectStyle(s.courseName).color} data-testid={`subject-tag-${s.id}`}>{s.courseName} {s.fullScore}分</Tag>
              </Tooltip>
            ))}
          </Space>
          <div style={{ marginTop: 8, display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', maxWidth: 820 }}>
            <Steps size="small" style={{ flex: '1 1 420px' }} current={released ? EXAM_STATUSES.length : Math.max(0, exam.status - 1)}
              items={EXAM_STATUSES.map((s) => ({ title: s.label }))} />
            <Progress percent={percent} size="small" status={released ? 'success' : 'active'} aria-label="考试进度" style={{ flex: '0 0 160px', margin: 0 }} />
          </div>
        </div>
        {/* The common actions stay visible; the rest wait in 更多 (a card is a few lines high, not seven buttons). */}
        <Space wrap size={6} style={{ flex: '0 0 auto', alignSelf: 'center' }}>
          <Button type={released ? 'default' : 'primary'} icon={<UploadOutlined />} onClick={() => navigate(`/examDetailsEdit/scoreUpload${q}`)}>成绩导入与发布</Button>
          <Button icon={<SettingOutlined />} onClick={() => navigate(`/examAnalysisMana/examSetting${q}`)}>考试设置</Button>
          {scanFirst && !released && (
            <Button icon={<ScanOutlined />} onClick={() => navigate(`/examDetailsEdit/scanStudentHome${q}&examSubjectId=${scanFirst.id}`)}>扫描管理</Button>
          )}
          <Tooltip title={released ? undefined : '成绩发布后可查看报告'}>
            <Button type={released ? 'primary' : 'default'} icon={<FileSearchOutlined />} disabled={!released} onClick={() => navigate(`/analysisReportList/list${q}`)}>查看报告</Button>
          </Tooltip>
          <Dropdown trigger={['click']} menu={{ items: more, onClick: ({ key }) => onMore(key) }}>
            <Button icon={<MoreOutlined />} aria-label="更多操作">更多</Button>
          </Dropdown>
        </Space>
        <SlipsModal exam={exam} open={slips} onClose={() => setSlips(false)} />
      </div>
    </Card>
  );
}

export interface ExamListProps { title: string; keepAliveKey?: string; /** More buttons beside 新建考试. */ extra?: ReactNode }

/** Exam list as cards with search (name, type, grade, status), pagination, 新建考试 and delete. */
export function ExamList({ title, keepAliveKey, extra }: ExamListProps) {
  const { modal } = App.useApp();
  useFeedback();
  const can = usePermission();
  const canEdit = can('exam:exam:edit');
  const list = useExamList(keepAliveKey);
  const [form] = Form.useForm<Filters>();
  const [grades, setGrades] = useState<SchoolGrade[]>([]);
  const [creating, setCreating] = useState(false);

  useEffect(() => { void loadData(findSchoolGrades(), []).then(setGrades); }, []);

  const onDelete = (exam: Exam) => modal.confirm({
    title: '提示',
    content: `确认删除考试「${exam.name}」吗？其科目、小题、考生与成绩将一并删除，且不可恢复。`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteExam(exam.id), { success: '删除成功' })) list.reload(); },
  });

  return (
    <ConfigProvider theme={listTheme}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form form={form} name="examSearch" layout="inline" initialValues={list.filters} style={{ rowGap: 12 }}
          onFinish={(v) => list.search({ ...v, name: v.name?.trim() || undefined })}>
          <Form.Item name="name" label="考试名称"><Input allowClear placeholder="请输入考试名称" style={{ width: 180 }} /></Form.Item>
          <Form.Item name="examType" label="考试类型">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={EXAM_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="gradeId" label="年级">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={grades.map((g) => ({ value: Number(g.id), label: g.name }))} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={EXAM_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>搜索</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.setFieldsValue({ name: undefined, examType: undefined, gradeId: undefined, status: undefined }); list.search({}); }}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" title={title} extra={<Space>{extra}{canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>新建考试</Button>}</Space>}>
        <Spin spinning={list.loading}>
          {list.records.length
            ? list.records.map((e) => <ExamCard key={e.id} exam={e} canEdit={canEdit} onDelete={onDelete} />)
            : <Empty style={{ margin: '48px 0' }} description={list.loading ? '加载中' : '暂无考试'} />}
        </Spin>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
          <Pagination current={list.current} pageSize={list.size} total={list.total} showSizeChanger showQuickJumper
            pageSizeOptions={PAGE_SIZE_OPTIONS} showTotal={(t) => `共 ${t} 条`} onChange={list.setPage} />
        </div>
      </Card>
      <CreateExamModal open={creating} onClose={() => setCreating(false)} onCreated={list.reload} />
    </ConfigProvider>
  );
}

export default ExamList;
