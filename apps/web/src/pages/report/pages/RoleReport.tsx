import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Result, Segmented, Select, Space, Spin, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { findAnalysisExams, type AnalysisExam, type ReportParams } from '@/api/report';
import { ROLE_PAGES, WHOLE_GRADE_ROLES } from './roles';
import { ClassVsGradeModule } from '../modules/ClassVsGradeModule';
import { ExamMeta } from '../common/ReportPage';
import { useReportContext } from '../common/context';
import { REPORT_MODULES } from '../modules/registry';

type Entry = AnalysisExam['roleReports'][number];

export { ROLE_PAGES };

const examCache = new Map<string, Promise<AnalysisExam | null>>();
/** The exam's entry of exam/analysis/list (its role report entries). */
function loadExam(examId: string): Promise<AnalysisExam | null> {
  let p = examCache.get(examId);
  if (!p) {
    p = (async () => {
      for (let current = 1; current <= 20; current++) {
        const res = await findAnalysisExams({ current, size: 100 });
        if (res.code !== 200) return null;
        const hit = res.data.records.find((e) => String(e.examId) === examId);
        if (hit) return hit;
        if (current * 100 >= res.data.total) return null;
      }
      return null;
    })().catch(() => null);
    examCache.set(examId, p);
    p.then((v) => { if (!v) examCache.delete(examId); });
  }
  return p;
}

/**
 * A role's report (年级主任 / 备课组长 / 班主任 / 任课老师): the role's report entry fixes the class and course;
 * the server cuts every table to the role; the page composes the entry's modules, a tab each.
 */
export function RoleReport({ page }: { page: keyof typeof ROLE_PAGES }) {
  const def = ROLE_PAGES[page];
  const ctx = useReportContext();
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const [exam, setExam] = useState<AnalysisExam | null | undefined>(undefined);
  useEffect(() => {
    if (!ctx.examId) return;
    let alive = true;
    setExam(undefined);
    loadExam(ctx.examId).then((e) => { if (alive) setExam(e); });
    return () => { alive = false; };
  }, [ctx.examId]);
  const entries = useMemo(() => (exam?.roleReports ?? []).filter((e) => def.roles.includes(e.roleCode)), [exam, def]);
  // A whole-grade reader (学校管理员, 年级主任) opens any class's 班主任 / 任课老师 report by choosing the class (and subject).
  const wholeGrade = useMemo(() => (exam?.roleReports ?? []).find((e) => WHOLE_GRADE_ROLES.includes(e.roleCode)), [exam]);
  const pickable = !!wholeGrade && (page === 'classGrouper' || page === 'teacher') && !!ctx.filter;
  const classOptions = useMemo(() => (ctx.filter?.classes ?? []).filter((c) => c.value !== 0), [ctx.filter]);
  const courseOptions = useMemo(() => (ctx.filter?.courses ?? []).filter((c) => c.value !== '0'), [ctx.filter]);
  const pickedClass = Number(sp.get('classId')) || classOptions[0]?.value || 0;
  const pickedCourse = sp.get('courseCode') || String(courseOptions[0]?.value ?? '');
  const picked: Entry | undefined = useMemo(() => {
    if (!pickable || !wholeGrade || !pickedClass) return undefined;
    const cls = classOptions.find((c) => c.value === pickedClass)?.label ?? '';
    if (page === 'classGrouper') return { roleCode: 'head_teacher', title: `班主任报告（${cls}）`, classId: pickedClass, courseCode: '0', reports: wholeGrade.reports };
    const course = courseOptions.find((c) => String(c.value) === pickedCourse);
    if (!course) return undefined;
    return { roleCode: 'subject_teacher', title: `任课老师报告（${cls} ${course.label}）`, classId: pickedClass, courseCode: String(course.value),
      reports: wholeGrade.reports.filter((k) => !REPORT_ROUTES[k as keyof typeof REPORT_ROUTES]?.needsTotal) };
  }, [pickable, wholeGrade, pickedClass, pickedCourse, page, classOptions, courseOptions]);
  const idx = Math.min(Number(sp.get('entry') ?? 0) || 0, Math.max(0, entries.length - 1));
  const entry: Entry | undefined = picked ?? entries[idx];
  const modules = useMemo(() => {
    const own = REPORT_MODULES.filter((m) => entry?.reports.includes(m.key)
      && !(entry.courseCode !== '0' && (m.key === 'subjectComparison' || m.key === 'subjectQuality')));
    // The head teacher's report opens with the class against the grade.
    return page === 'classGrouper' && entry ? [{ key: 'classVsGrade', title: '班级与年级对比', C: ClassVsGradeModule }, ...own] : own;
  }, [entry, page]);
  const tab = sp.get('tab') && modules.some((m) => m.key === sp.get('tab')) ? sp.get('tab')! : modules[0]?.key;
  const set = (k: string, v: string) => { const n = new URLSearchParams(sp); n.set(k, v); if (k !== 'tab') n.delete('tab'); setSp(n, { replace: true }); };

  if (!ctx.examId) {
    return <Result status="info" title="请选择考试" extra={<Button type="primary" onClick={() => navigate('/analysisReportList/list')}>返回报告列表</Button>} />;
  }
  if (exam === undefined || ctx.filterLoading) return <div style={{ padding: 80, textAlign: 'center' }}><Spin size="large" /></div>;
  if (!entry) {
    return (
      <div className="jz-report-page">
        <div className="jz-report-head"><div><h1>{def.title}</h1>{ctx.filter && <ExamMeta filter={ctx.filter} />}</div></div>
        <Alert type="info" showIcon title={`您在本次考试中没有${def.title.replace('报告', '')}角色的报告`} />
      </div>
    );
  }
  const params: ReportParams = {
    examId: ctx.examId, courseCode: entry.courseCode, classId: entry.classId, classType: '', registrationType: '0', scoreType: 1,
  };
  return (
    <div className="jz-report-page">
      <div className="jz-report-head">
        <div>
          <h1>{entry.title}</h1>
          {ctx.filter && <ExamMeta filter={ctx.filter} />}
        </div>
        {pickable && (
          <Space wrap>
            <Select aria-label="选择班级" style={{ width: 140 }} value={pickedClass || undefined} onChange={(v) => set('classId', String(v))}
              options={classOptions.map((c) => ({ value: c.value, label: c.label }))} />
            {page === 'teacher' && (
              <Select aria-label="选择学科" style={{ width: 120 }} value={pickedCourse || undefined} onChange={(v) => set('courseCode', String(v))}
                options={courseOptions.map((c) => ({ value: String(c.value), label: c.label }))} />
            )}
          </Space>
        )}
        {!pickable && entries.length > 1 && (
          <Segmented aria-label="选择报告" value={idx} onChange={(v) => set('entry', String(v))}
            options={entries.map((e, i) => ({ value: i, label: e.title.replace(/^.*?（/, '').replace(/）$/, '') || e.title }))} />
        )}
      </div>
      <Tabs activeKey={tab} onChange={(k) => set('tab', k)} className="jz-report-tabs"
        items={modules.map((m) => ({ key: m.key, label: m.title, children: <m.C params={params} title={m.title} /> }))} />
    </div>
  );
}

export default RoleReport;
