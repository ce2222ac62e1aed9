import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Form, Input, Pagination, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { BarChartOutlined, FileTextOutlined, ReloadOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { EXAM_TYPES, formatTimestamp, subjectStyle } from '@jz/shared';
import { findAnalysisExams, type AnalysisExam } from '@/api/report';
import { loadData } from '@/components/table';
import './common/report.css';

const BASE = '/analysisReportList/reportDetails';
/** Role code → role report page (docs/PRODUCT.md §2 reportDetails children). */
const ROLE_ROUTE: Record<string, string> = {
  school_admin: 'gradeGrouper', grade_leader: 'gradeGrouper', lesson_leader: 'lessonGrouper', head_teacher: 'classGrouper', subject_teacher: 'teacher',
};
const EXAM_TYPE_COLORS: Record<number, string> = { 1: 'magenta', 2: 'volcano', 3: 'purple', 4: 'blue', 5: 'cyan', 6: 'green' };

/** 分析报告 list: the released exams the caller may see, with 查看报告 and the caller's role report entries. */
export default function ReportListPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [query, setQuery] = useState<{ name?: string; examType?: number }>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ records: AnalysisExam[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    const d = await loadData(findAnalysisExams({ ...page, ...query }), { records: [], total: 0, current: 1, size: 10 });
    setData(d);
    setLoading(false);
  }, [page, query]);
  useEffect(() => { load(); }, [load]);
  const open = (e: AnalysisExam, path = 'dataScreening', extra = '') => navigate(`${BASE}/${path}?examId=${e.examId}${extra}`);

  return (
    <div className="jz-report-page" style={{ maxWidth: 1280, margin: '0 auto' }}>
      <div className="jz-report-head">
        <div>
          <h1>分析报告</h1>
          <div className="jz-report-head-meta">已发布成绩的考试（按考试时间倒序）</div>
        </div>
        <Form form={form} layout="inline" name="reportListSearch" onFinish={(v) => { setQuery({ name: v.name?.trim() || undefined, examType: v.examType || undefined }); setPage((p) => ({ ...p, current: 1 })); }} style={{ rowGap: 8 }}>
          <Form.Item name="name" label="考试名称"><Input allowClear placeholder="请输入考试名称" style={{ width: 200 }} /></Form.Item>
          <Form.Item name="examType" label="考试类型">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={EXAM_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>搜索</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); setQuery({}); setPage((p) => ({ ...p, current: 1 })); }}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
      </div>
      <Spin spinning={loading}>
        {data.records.length === 0 && !loading ? (
          <Card><Empty description="暂无已发布成绩的考试" style={{ padding: 48 }} /></Card>
        ) : (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="report-exam-list">
            {data.records.map((e) => (
              <Card key={e.examId} className="jz-report-list-card" role="article" aria-label={e.examName}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Space size={8} wrap>
                      <Tag color={EXAM_TYPE_COLORS[e.examType] ?? 'default'}>{e.examTypeName || '考试'}</Tag>
                      <h2 className="jz-exam-card-title" style={{ margin: 0 }}>{e.examName}</h2>
                    </Space>
                    <div className="jz-exam-card-meta">
                      <span>年级：{e.gradeName}</span>
                      <span>考试时间：{e.startDate}{e.endDate && e.endDate !== e.startDate ? ` 至 ${e.endDate}` : ''}</span>
                      <span><TeamOutlined /> {e.studentCount} 人 · {e.classCount} 个班</span>
                      {e.releasedAt && <span>发布时间：{formatTimestamp(e.releasedAt, 'YYYY-MM-DD HH:mm')}</span>}
                    </div>
                    <Space size={[6, 6]} wrap style={{ marginTop: 10 }}>
                      {e.subjects.map((s) => {
                        const st = subjectStyle(s.name);
                        return <Tag key={s.code} color={st.color} variant="outlined" style={{ color: st.color, background: '#fff' }}>{s.name} {s.fullScore}</Tag>;
                      })}
                    </Space>
                  </div>
                  <Space direction="vertical" align="end" size={8}>
                    <Button type="primary" icon={<BarChartOutlined />} onClick={() => open(e)}>查看报告</Button>
                    {e.roleReports.length > 0 && (
                      <Space size={[6, 6]} wrap style={{ justifyContent: 'flex-end', maxWidth: 520 }}>
                        {e.roleReports.map((r, i) => {
                          const route = ROLE_ROUTE[r.roleCode];
                          if (!route) return null;
                          const sameRole = e.roleReports.filter((x) => ROLE_ROUTE[x.roleCode] === route);
                          const entry = sameRole.indexOf(r);
                          return (
                            <Tooltip key={`${r.roleCode}-${i}`} title={`打开${r.title}`}>
                              <Button size="small" icon={<FileTextOutlined />} onClick={() => open(e, route, entry > 0 ? `&entry=${entry}` : '')}>{r.title}</Button>
                            </Tooltip>
                          );
                        })}
                      </Space>
                    )}
                  </Space>
                </div>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      {data.total > 0 && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', background: '#fff', padding: 12, borderRadius: 8 }}>
          <Pagination current={page.current} pageSize={page.size} total={data.total} showSizeChanger showQuickJumper
            showTotal={(t) => `共 ${t} 场考试`} onChange={(current, size) => setPage({ current: size !== page.size ? 1 : current, size })} />
        </div>
      )}
    </div>
  );
}
