import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '@/router/lazyPage';

/** The report pages of /analysisReportList/reportDetails/<path>, lazily loaded (the others stay placeholders). */
export const REPORT_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  aiHuijiaoyan: lazyPage(() => import('./AiHuijiaoyan')),
  dataScreening: lazyPage(() => import('./DataScreening')),
  reportDown: lazyPage(() => import('./ReportDown')),
  scrolReport: lazyPage(() => import('./ScrolReport')),
  horizontalDistribution: lazyPage(() => import('./HorizontalDistribution')),
  subject: lazyPage(() => import('./Subject')),
  classComparison: lazyPage(() => import('./ClassComparison')),
  registerComparison: lazyPage(() => import('./RegisterComparison')),
  subjectQuality: lazyPage(() => import('./SubjectQuality')),
  Ggroup: lazyPage(() => import('./Ggroup')),
  quartilean: lazyPage(() => import('./Quartilean')),
  rateCritical: lazyPage(() => import('./RateCritical')),
  online: lazyPage(() => import('./Online')),
  testPaper: lazyPage(() => import('./TestPaper')),
  comment: lazyPage(() => import('./Comment')),
  student: lazyPage(() => import('./Student')),
  gradeGrouper: lazyPage(() => import('./GradeGrouper')),
  lessonGrouper: lazyPage(() => import('./LessonGrouper')),
  classGrouper: lazyPage(() => import('./ClassGrouper')),
  teacher: lazyPage(() => import('./Teacher')),
  stedentReport: lazyPage(() => import('./StedentReport')),
  echartsExample: lazyPage(() => import('./EchartsExample')),
  echartsExamples: lazyPage(() => import('./EchartsExamples')),
};

export const ReportListPage = lazyPage(() => import('../ReportListPage'));
/** 学校对比 of /jointExamination/schoolReportDetails. */
export const SchoolComparisonPage = lazyPage(() => import('./SchoolComparison'));
