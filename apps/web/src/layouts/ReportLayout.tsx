import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ContentOutlet } from '@/components/ContentOutlet';
import { REPORT_ITEMS, REPORT_MENU } from '@/router/sections';
import { isOneCourseFilter, useReportFilter } from '@/stores/reportFilter';
import { useHiddenReportRoutes } from '@/pages/report/common/context';
import { JointScope } from '@/pages/report/common/scope';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { ROLE_PAGES } from '@/pages/report/pages/roles';

/** Report navigation menu (docs/PRODUCT.md §2) around a report page; `joint` adds school comparison. */
export default function ReportLayout({ base, joint = false }: { base: string; joint?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const examId = search.get('examId') ?? '';
  const [filter] = useReportFilter(examId);
  // A single-course filter (report filter or transcript attribute) hides 学科对比 and 学科质量 (docs/PRODUCT.md §2).
  const hideOneCourse = isOneCourseFilter(filter);
  // Reports the caller may not open for this exam (examReportComm/filter `reports`) are left out.
  const hiddenRoutes = useHiddenReportRoutes(examId, joint);
  // A reader sees the role reports of its own roles (a whole-grade reader also the class and teacher reports, by class).
  const { user } = useCurrentUser();
  const roleCodes = useMemo(() => new Set((user?.roles ?? []).map((r) => r.roleCode)), [user]);

  const items = useMemo<MenuProps['items']>(() => {
    const item = (k: string) => ({ key: `${base}/${k}`, label: k === 'schoolComparison' ? '学校对比' : REPORT_ITEMS[k] });
    let analysis = REPORT_MENU.analysis.filter((k) => !(hideOneCourse && REPORT_MENU.hiddenForOneCourse.includes(k)) && !hiddenRoutes?.has(k));
    if (joint) {
      const i = analysis.indexOf('classComparison');
      analysis = [...analysis.slice(0, i + 1), 'schoolComparison', ...analysis.slice(i + 1)];
    }
    return [
      item(REPORT_MENU.overview),
      // the role reports, downloads and charts read the school's own exams; a joint exam has the score analyses
      ...(joint ? [] : [{ type: 'group' as const, key: 'reports', label: '分析报告', children: REPORT_MENU.reports.filter((k) => !ROLE_PAGES[k] || ROLE_PAGES[k].menuRoles.some((r) => roleCodes.has(r))).map(item) }]),
      { type: 'group' as const, key: 'analysis', label: '成绩分析', children: analysis.map(item) },
      ...(joint ? [] : [{ type: 'group' as const, key: 'charts', label: '图表分析', children: REPORT_MENU.charts.map(item) }]),
    ];
  }, [base, joint, hideOneCourse, hiddenRoutes, roleCodes]);

  const seg = location.pathname.slice(base.length + 1).split('/')[0];
  return (
    <JointScope.Provider value={joint}>
    <div className="jz-section">
      <aside className="jz-section-side">
        <div className="jz-section-title">{joint ? '联考报告' : '分析报告'}</div>
        <Menu mode="inline" items={items} selectedKeys={[`${base}/${seg}`]}
          onClick={({ key }) => { if (key !== location.pathname) navigate({ pathname: key, search: examId ? `?examId=${encodeURIComponent(examId)}` : '' }); }} style={{ borderInlineEnd: 'none' }} />
      </aside>
      <main className="jz-section-main">
        <ContentOutlet />
      </main>
    </div>
    </JointScope.Provider>
  );
}
