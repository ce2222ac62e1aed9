import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { PlaceholderPage } from '@/pages/placeholder/PlaceholderPage';
import { REPORT_PAGES, ReportListPage, SchoolComparisonPage } from '@/pages/report/pages';
import { lazyPage } from './lazyPage';
import { RequireAdmin, RequireStudent, RequireUser } from './guards';
import {
  ADMIN_INFO_ITEMS, EXAM_ANALYSIS_ITEMS, EXAM_DETAILS_EDIT_ITEMS, EXAM_MARKING_ITEMS, EXAM_MONITOR_DETAIL_ITEMS,
  MULTI_DETAILS_ITEMS, REPORT_ITEMS, REPORT_MENU, SCHOOL_ANALYSIS_MULTI_ITEMS, USER_INFO_ITEMS, type SectionItem,
} from './sections';

/** Product prefix of every page title (docs/PRODUCT.md §1). */
export const TITLE_PREFIX = '大数据精准教学诊断平台';

export interface RouteHandle { title: string }

// ---- lazily loaded layouts and pages ----
const MainLayout = lazyPage(() => import('@/layouts/MainLayout'));
const AdminLayout = lazyPage(() => import('@/layouts/AdminLayout'));
const BlankLayout = lazyPage(() => import('@/layouts/BlankLayout'));
const SectionLayout = lazyPage(() => import('@/layouts/SectionLayout'));
const ReportLayout = lazyPage(() => import('@/layouts/ReportLayout'));
const LoginPage = lazyPage(() => import('@/pages/login/LoginPage'));
const AdminLoginPage = lazyPage(() => import('@/pages/admin/AdminLoginPage'));
const OtherLoginPage = lazyPage(() => import('@/pages/login/OtherLoginPage'));
const WechatLoginPage = lazyPage(() => import('@/pages/login/WechatLoginPage'));
const StudentLoginPage = lazyPage(() => import('@/pages/student/StudentLoginPage'));
const StudentHomePage = lazyPage(() => import('@/pages/student/StudentHomePage'));
const StudentExamPage = lazyPage(() => import('@/pages/student/StudentExamPage'));
const NotFound = lazyPage(() => import('@/pages/NotFound'));
const JointExamListPage = lazyPage(() => import('@/pages/joint/JointExamListPage'));

// Personal centre (pages/userInfo, with its own layout: left menu with permission checks) and admin centre pages.
const UserInfoLayout = lazyPage(() => import('@/pages/userInfo/UserInfoLayout'));
const USER_INFO_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  personInfo: lazyPage(() => import('@/pages/userInfo/PersonInfo')),
  schoolGradeSubject: lazyPage(() => import('@/pages/userInfo/SchoolGradeSubject')),
  schoolGradeTerm: lazyPage(() => import('@/pages/userInfo/SchoolGradeTerm')),
  userManagement: lazyPage(() => import('@/pages/userInfo/UserManagement')),
  schoolClassStudent: lazyPage(() => import('@/pages/userInfo/SchoolClassStudent')),
  schoolTeachersList: lazyPage(() => import('@/pages/userInfo/SchoolTeachersList')),
  schoolManaPerson: lazyPage(() => import('@/pages/userInfo/SchoolManaPerson')),
};
const HomeContent = lazyPage(() => import('@/pages/adminInfo/HomeContent'));
const ADMIN_INFO_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  homePage: HomeContent,
  content: HomeContent,
  userPersion: lazyPage(() => import('@/pages/adminInfo/UserPersion')),
  permissionManagement: lazyPage(() => import('@/pages/adminInfo/PermissionManagement')),
  mailOutbox: lazyPage(() => import('@/pages/adminInfo/MailOutbox')),
};

// Exam pages (pages/exam), keyed by the route's full path; the other routes of their sections stay placeholders.
const ExamAnalysisLayout = lazyPage(() => import('@/pages/exam/ExamAnalysisLayout'));
const EXAM_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/examMarking/markingTasks': lazyPage(() => import('@/pages/marking/MarkingTasks')),
  '/examMarking/examDoc': lazyPage(() => import('@/pages/marking/ExamDoc')),
  '/examMarking/examMonitor': lazyPage(() => import('@/pages/marking/monitor/ExamMonitor')),
  '/examMarking/myAnwserCard': lazyPage(() => import('@/pages/marking/MyAnswerCard')),
  '/examDetailsEdit/markPaperProcess': lazyPage(() => import('@/pages/marking/monitor/MarkPaperProcess')),
  '/examDetailsEdit/assignWork': lazyPage(() => import('@/pages/marking/setup/AssignWork')),
  '/examDetailsEdit/setSamplingPoint': lazyPage(() => import('@/pages/marking/setup/SetSamplingPoint')),
  '/examDetailsEdit/reviewBlock': lazyPage(() => import('@/pages/marking/setup/ReviewBlock')),
  '/examMonitor/detail/progress': lazyPage(() => import('@/pages/marking/monitor/MonitorDetail').then((m) => ({ default: m.MonitorProgress }))),
  '/examMonitor/detail/quality': lazyPage(() => import('@/pages/marking/monitor/MonitorDetail').then((m) => ({ default: m.MonitorQuality }))),
  '/examMarking/myExamList': lazyPage(() => import('@/pages/exam/MyExamList')),
  '/examMarking/analysisMana': lazyPage(() => import('@/pages/exam/AnalysisMana')),
  '/examMarking/schoolAnalysis': lazyPage(() => import('@/pages/multiExam/SchoolAnalysisList')),
  '/examDetailsEdit/scoreUpload': lazyPage(() => import('@/pages/exam/ScoreUpload')),
  '/examDetailsEdit/scoreList': lazyPage(() => import('@/pages/exam/ScoreList')),
  '/examDetailsEdit/templateConfirm': lazyPage(() => import('@/pages/scan/TemplateConfirm')),
  '/examDetailsEdit/scanStudentHome': lazyPage(() => import('@/pages/scan/ScanStudentHome')),
  '/examDetailsEdit/scanStudentHome/detail': lazyPage(() => import('@/pages/scan/ScanBatchDetail')),
  '/examDetailsEdit/scanStudentList': lazyPage(() => import('@/pages/scan/ScanStudentList')),
  '/examDetailsEdit/selectStudentList': lazyPage(() => import('@/pages/examRoom/SelectStudentList')),
  '/examDetailsEdit/examEdit': lazyPage(() => import('@/pages/examRoom/ExamEdit')),
  '/examDetailsEdit/enterStandardAnswer': lazyPage(() => import('@/pages/standardAnswer/EnterStandardAnswer')),
  '/examAnalysisMana/examSetting': lazyPage(() => import('@/pages/exam/ExamSetting')),
  '/examAnalysisMana/smallQuestionsEdit': lazyPage(() => import('@/pages/exam/SmallQuestionsEdit')),
  '/examAnalysisMana/questionsGroupMana': lazyPage(() => import('@/pages/exam/QuestionsGroupMana')),
  '/examAnalysisMana/benchMarkExamPaper': lazyPage(() => import('@/pages/exam/BenchMarkExamPaper')),
  '/examAnalysisMana/examVenuesStudentList': lazyPage(() => import('@/pages/exam/ExamVenuesStudentList')),
  '/examAnalysisMana/smallQuestionScore': lazyPage(() => import('@/pages/exam/SmallQuestionScore')),
  '/examAnalysisMana/correctionGrades': lazyPage(() => import('@/pages/exam/CorrectionGrades')),
  '/examAnalysisMana/summaryOfGrade': lazyPage(() => import('@/pages/exam/SummaryOfGrade')),
};
// 多科考试管理 and 联考分析管理 (pages/multiExam): one layout, the same three pages on both.
const MultiExamLayout = lazyPage(() => import('@/pages/multiExam/MultiExamLayout'));
const MULTI_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  examMultiSetting: lazyPage(() => import('@/pages/multiExam/MultiSetting')),
  multiSetting: lazyPage(() => import('@/pages/multiExam/MultiSetting')),
  examRoomList: lazyPage(() => import('@/pages/multiExam/ExamRoomList')),
  summaryGrades: lazyPage(() => import('@/pages/multiExam/SummaryGrades')),
};
const multiItems = (items: SectionItem[]) => items.map((i) => page(i.path, i.title, MULTI_PAGES[i.path]!));
/** The single-subject group of /schoolAnalysis: the pages of /examAnalysisMana on the joint exam. */
const singleItems = () => EXAM_ANALYSIS_ITEMS.map((i) => {
  const P = EXAM_PAGES[`/examAnalysisMana/${i.path}`];
  return P ? page(i.path, i.title, P) : ph(i.path, i.title);
});

// Answer-sheet card pages (pages/card): the maker, its read-only preview, online card making and printing.
const MakeSheetCard = lazyPage(() => import('@/pages/card/MakeSheetCard'));
const CardPreviewPage = lazyPage(() => import('@/pages/card/CardPreviewPage'));
const OnLineCard = lazyPage(() => import('@/pages/card/OnLineCard'));
const PrintCard = lazyPage(() => import('@/pages/card/PrintCard'));
// 学校分析默认设置 (pages/analysisSettings): the analysis settings new exams start with.
const SchoolSystemSetting = lazyPage(() => import('@/pages/analysisSettings/SchoolSystemSetting'));
// /tabscroll (考试准备进度, a tab per subject that scrolls to its checklist) and /copeSettiing (复制考试设置).
const ExamReadiness = lazyPage(() => import('@/pages/examReadiness/ExamReadiness'));
const CopySettings = lazyPage(() => import('@/pages/examCopy/CopySettings'));
// Online marking (pages/marking): the full-screen marking page.
const MarkDetail = lazyPage(() => import('@/pages/marking/MarkDetail'));
const ExamMonitorEcharts = lazyPage(() => import('@/pages/marking/monitor/ExamMonitorEcharts'));
const ExamMonitorEchartsDetail = lazyPage(() => import('@/pages/marking/monitor/ExamMonitorEchartsDetail'));
// Abnormal scans (pages/scan): full screen, beside the scanning pages of /examDetailsEdit.
const ScanUnnormalDetail = lazyPage(() => import('@/pages/scan/ScanUnnormalDetail'));
// 校本题库 (pages/knowTopic): the list, and its editor at the spec's /wang/editor.
const KnowTopicList = lazyPage(() => import('@/pages/knowTopic/KnowTopicList'));
const QuestionEditorPage = lazyPage(() => import('@/pages/knowTopic/QuestionEditorPage'));
const SourceEditorPage = lazyPage(() => import('@/pages/knowTopic/SourceEditorPage'));

/** A section's child: the exam page when there is one, else the placeholder. */
const sectionItems = (base: string, items: SectionItem[]) => items.map((i) => {
  const P = EXAM_PAGES[`${base}/${i.path}`];
  return P ? page(i.path, i.title, P) : ph(i.path, i.title);
});

/** A lazy page inside a layout that has no Suspense of its own: loads behind a spinner, failure shows a retry. */
const Suspended = ({ C }: { C: ComponentType }) => {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}><C /></Suspense>
    </RouteErrorBoundary>
  );
};

// ---- helpers ----
const page = (path: string, title: string, C: ComponentType): RouteObject => ({ path, element: <C />, handle: { title } });
const ph = (path: string, title: string): RouteObject => ({ path, element: <PlaceholderPage key={path} title={title} />, handle: { title } });
const to = (target: string): RouteObject => ({ index: true, element: <Navigate to={target} replace /> });
const redirect = (path: string, target: string, title: string): RouteObject => ({ path, element: <Navigate to={target} replace />, handle: { title } });

/** The report pages a joint exam has (the score analyses; the role reports, downloads and charts read school exams). */
const JOINT_REPORT_PAGES = new Set([REPORT_MENU.overview, ...REPORT_MENU.analysis, 'registerComparison']);

/** Report children of reportDetails / schoolReportDetails. */
const reportChildren = (joint: boolean): RouteObject[] => [
  to(joint ? '/jointExamination/schoolReportDetails/dataScreening' : '/analysisReportList/reportDetails/dataScreening'),
  ...Object.entries(REPORT_ITEMS).map(([p, t]) => (REPORT_PAGES[p] && (!joint || JOINT_REPORT_PAGES.has(p)) ? page(p, t, REPORT_PAGES[p]) : ph(p, t))),
  ...(joint ? [page('schoolComparison', '学校对比', SchoolComparisonPage)] : []),
];

const section = (base: string, title: string, items: SectionItem[], first = items[0].path): RouteObject => ({
  path: base,
  element: <SectionLayout base={base} title={title} groups={[{ items }]} />,
  handle: { title },
  children: [to(`${base}/${first}`), ...sectionItems(base, items)],
});

/** Every route of docs/PRODUCT.md §2 (plus the student login and home pages). */
export const routes: RouteObject[] = [
  // ---- public ----
  page('/', '登录', LoginPage),
  page('/login', '登录', LoginPage),
  page('/logins', '登录', LoginPage),
  page('/admin/login', '管理员登录', AdminLoginPage),
  page('/studentLogin', '学生登录', StudentLoginPage),
  page('/otherLogin', '其他方式登录', OtherLoginPage),
  page('/wechatLogin', '微信扫码登录', WechatLoginPage),

  // ---- student ----
  { element: <RequireStudent />, children: [page('/student/home', '学生主页', StudentHomePage), page('/student/exam', '我的成绩', StudentExamPage)] },

  // ---- platform administrator ----
  {
    element: <RequireAdmin />,
    children: [{
      element: <AdminLayout />,
      children: [
        redirect('/adminInfo', '/adminInfo/homePage', '管理中心'),
        ...ADMIN_INFO_ITEMS.map((i) => page(`/adminInfo/${i.path}`, i.title, ADMIN_INFO_PAGES[i.path])),
      ],
    }],
  },

  // ---- school users ----
  {
    element: <RequireUser />,
    children: [
      {
        // full-screen pages without the header
        element: <BlankLayout />,
        children: [
          page('/ckeditor/test', '试题源码编辑器', SourceEditorPage),
          page('/wang/editor', '题库试题编辑', QuestionEditorPage),
          page('/markDetail', '阅卷详情', MarkDetail),
          page('/scanUnnormalDetail', '异常扫描详情', ScanUnnormalDetail),
          page('/makeSheetCard', '制作答题卡', MakeSheetCard),
          page('/makeSheetCards', '制作答题卡', MakeSheetCard),
          page('/makeSheetCardold', '制作答题卡', MakeSheetCard),
          page('/makeSheetCard/preview', '答题卡预览', CardPreviewPage),
          page('/onLineCard', '在线制卡', OnLineCard),
          page('/onLineCard/printCard', '打印答题卡', PrintCard),
          page('/examMonitorEcharts', '阅卷监控', ExamMonitorEcharts),
          page('/examMonitorEchartsDetail', '阅卷监控详情', ExamMonitorEchartsDetail),
        ],
      },
      {
        element: <MainLayout />,
        children: [
          page('/knowTopic/list', '校本题库', KnowTopicList),
          page('/analyzeManageSystemSettings/systemSetting', '学校分析默认设置', SchoolSystemSetting),
          page('/tabscroll', '考试准备进度', ExamReadiness),
          page('/copeSettiing', '复制考试设置', CopySettings),
          page('/schoolAnalysis/systemSetting', '系统设置', SchoolSystemSetting),
          {
            path: '/userInfo',
            element: <UserInfoLayout />,
            handle: { title: '个人中心' },
            children: [
              to('/userInfo/personInfo'),
              ...USER_INFO_ITEMS.map((i) => ({ path: i.path, element: <Suspended C={USER_INFO_PAGES[i.path]} />, handle: { title: i.title } })),
            ],
          },
          section('/examMarking', '考试阅卷', EXAM_MARKING_ITEMS),
          section('/examDetailsEdit', '考试详情', EXAM_DETAILS_EDIT_ITEMS),
          section('/examMonitor/detail', '阅卷监控', EXAM_MONITOR_DETAIL_ITEMS),
          {
            path: '/examAnalysisMana',
            element: <ExamAnalysisLayout />,
            handle: { title: '考试分析管理' },
            children: [to('/examAnalysisMana/examSetting'), ...sectionItems('/examAnalysisMana', EXAM_ANALYSIS_ITEMS)],
          },
          {
            path: '/multidetails',
            element: <MultiExamLayout base="/multidetails" title="多科考试管理" back="/examMarking/analysisMana" groups={[{ items: MULTI_DETAILS_ITEMS }]} />,
            handle: { title: '多科考试管理' },
            children: [to('/multidetails/examMultiSetting'), ...multiItems(MULTI_DETAILS_ITEMS)],
          },
          {
            path: '/schoolAnalysis',
            element: <MultiExamLayout base="/schoolAnalysis" title="联考分析管理" back="/examMarking/schoolAnalysis"
              groups={[{ title: '多科考试', items: SCHOOL_ANALYSIS_MULTI_ITEMS }, { title: '单科考试', items: EXAM_ANALYSIS_ITEMS, single: true }]} />,
            handle: { title: '联考分析管理' },
            children: [to('/schoolAnalysis/multiSetting'), ...multiItems(SCHOOL_ANALYSIS_MULTI_ITEMS), ...singleItems()],
          },
          {
            path: '/analysisReportList',
            element: <Outlet />,
            handle: { title: '分析报告' },
            children: [
              to('/analysisReportList/list'),
              page('list', '分析报告', ReportListPage),
              {
                path: 'reportDetails',
                id: 'reportDetails',
                element: <ReportLayout base="/analysisReportList/reportDetails" />,
                handle: { title: '报告详情' },
                children: reportChildren(false),
              },
            ],
          },
          {
            path: '/jointExamination',
            element: <Outlet />,
            handle: { title: '联考报告' },
            children: [
              to('/jointExamination/list'),
              page('list', '联考报告', JointExamListPage),
              {
                path: 'schoolReportDetails',
                id: 'schoolReportDetails',
                element: <ReportLayout base="/jointExamination/schoolReportDetails" joint />,
                handle: { title: '联考报告详情' },
                children: reportChildren(true),
              },
            ],
          },
          ph('/analysisReport/*', '分析报告'),
        ],
      },
    ],
  },
  page('*', '页面不存在', NotFound),
];
