/**
 * Child pages of the routes with children (docs/PRODUCT.md §2): path segment and Chinese title. The route table and the
 * side menus of the section layouts are both built from these lists.
 */
import type { UserDuty } from '@jz/shared/roles';

export interface SectionItem {
  path: string; title: string;
  /** Permission codes (any) needed to see the menu entry. */ perms?: string[];
  /** A duty (the server's user info `duties`) needed to see it: what the page's calls demand beyond a permission code. */ duty?: UserDuty;
  hidden?: boolean;
}

export const USER_INFO_ITEMS: SectionItem[] = [
  { path: 'personInfo', title: '个人信息' },
  { path: 'schoolGradeSubject', title: '年级学科管理', perms: ['school:grade:view'] },
  { path: 'schoolGradeTerm', title: '学年学期管理', perms: ['school:year:view'] },
  { path: 'userManagement', title: '用户管理', perms: ['system:user:view'] },
  { path: 'schoolClassStudent', title: '班级学生管理', perms: ['school:class:view', 'school:student:view'] },
  { path: 'schoolTeachersList', title: '教师管理', perms: ['school:teacher:view'] },
  { path: 'schoolManaPerson', title: '任课与权限管理', perms: ['school:duty:view', 'school:permission:view'] },
];

export const ADMIN_INFO_ITEMS: SectionItem[] = [
  { path: 'homePage', title: '首页' },
  { path: 'content', title: '首页', hidden: true },
  { path: 'userPersion', title: '用户管理' },
  { path: 'permissionManagement', title: '角色管理' },
  { path: 'mailOutbox', title: '发件箱' },
];

export const EXAM_MARKING_ITEMS: SectionItem[] = [
  { path: 'markingTasks', title: '阅卷任务' },
  { path: 'myExamList', title: '我的考试' },
  { path: 'myAnwserCard', title: '我的答题卡' },
  { path: 'examMonitor', title: '阅卷监控', duty: 'markingMonitor' },
  { path: 'analysisMana', title: '分析管理' },
  { path: 'schoolAnalysis', title: '联考分析管理' },
  { path: 'examDoc', title: '操作文档' },
];

export const EXAM_DETAILS_EDIT_ITEMS: SectionItem[] = [
  { path: 'templateConfirm', title: '模板确认', duty: 'scan' },
  { path: 'scanStudentHome', title: '扫描管理', duty: 'scan' },
  { path: 'scanStudentHome/detail', title: '扫描批次详情', hidden: true },
  { path: 'scanStudentList', title: '扫描学生名单', duty: 'scan' },
  { path: 'selectStudentList', title: '选择考生名单', duty: 'examSetup' },
  { path: 'examEdit', title: '考场编辑', duty: 'examSetup' },
  { path: 'reviewBlock', title: '划分阅卷块', duty: 'examSetup' },
  { path: 'setSamplingPoint', title: '设置给分点', duty: 'examSetup' },
  { path: 'enterStandardAnswer', title: '录入标准答案', duty: 'examSetup' },
  { path: 'assignWork', title: '分配阅卷任务', duty: 'examSetup' },
  { path: 'markPaperProcess', title: '阅卷进度', duty: 'examSetup' },
  { path: 'scoreUpload', title: '发布成绩', perms: ['exam:exam:view'] },
  { path: 'scoreList', title: '成绩列表', perms: ['exam:exam:view'] },
];

export const EXAM_MONITOR_DETAIL_ITEMS: SectionItem[] = [
  { path: 'progress', title: '阅卷进度' },
  { path: 'quality', title: '阅卷质量' },
];

export const EXAM_ANALYSIS_ITEMS: SectionItem[] = [
  { path: 'examSetting', title: '考试设置' },
  { path: 'smallQuestionsEdit', title: '小题编辑' },
  { path: 'questionsGroupMana', title: '题组管理' },
  { path: 'benchMarkExamPaper', title: '标杆试卷' },
  { path: 'examVenuesStudentList', title: '考场考生名单' },
  { path: 'smallQuestionScore', title: '小题得分' },
  { path: 'correctionGrades', title: '成绩更正' },
  { path: 'summaryOfGrade', title: '成绩汇总' },
];

export const MULTI_DETAILS_ITEMS: SectionItem[] = [
  { path: 'examMultiSetting', title: '多科考试设置' },
  { path: 'examRoomList', title: '考场列表' },
  { path: 'summaryGrades', title: '成绩汇总' },
];

/** /schoolAnalysis: the multi-subject group then the single-subject group (joint exams). */
export const SCHOOL_ANALYSIS_MULTI_ITEMS: SectionItem[] = [
  { path: 'multiSetting', title: '多科考试设置' },
  { path: 'examRoomList', title: '考场列表' },
  { path: 'summaryGrades', title: '成绩汇总' },
];

/** Report pages under reportDetails / schoolReportDetails with titles. */
export const REPORT_ITEMS: Record<string, string> = {
  dataScreening: '数据概览',
  aiHuijiaoyan: 'AI慧教研',
  reportDown: '报告下载',
  scrolReport: '成绩单',
  echartsExample: '成绩图表',
  echartsExamples: '历次考试趋势',
  horizontalDistribution: '横向分布',
  classComparison: '班级对比',
  registerComparison: '学籍对比',
  subject: '学科对比',
  subjectQuality: '学科质量',
  Ggroup: 'G组分析',
  quartilean: '四分位分析',
  rateCritical: '五率临界分析',
  online: '上线分析',
  testPaper: '试卷分析',
  comment: '评语分析',
  student: '学生分析',
  gradeGrouper: '年级主任报告',
  lessonGrouper: '备课组长报告',
  classGrouper: '班主任报告',
  teacher: '任课老师报告',
  stedentReport: '学生报告',
};

/** Report navigation menu (docs/PRODUCT.md §2): data overview; analysis-report group; score-analysis group in order. */
export const REPORT_MENU = {
  overview: 'dataScreening',
  reports: ['gradeGrouper', 'lessonGrouper', 'classGrouper', 'teacher', 'stedentReport'],
  analysis: ['scrolReport', 'horizontalDistribution', 'subject', 'classComparison', 'subjectQuality', 'Ggroup', 'quartilean',
    'rateCritical', 'online', 'testPaper', 'comment', 'student'],
  /** 图表: the exam's chart views (after the spec's score-analysis group, which keeps its order). */
  charts: ['echartsExample', 'echartsExamples'],
  /** Hidden when a single-course transcript filter is set. */
  hiddenForOneCourse: ['subject', 'subjectQuality'],
};
