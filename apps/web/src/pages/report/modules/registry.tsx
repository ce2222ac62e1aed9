import type { ReportKey, ReportParams } from '@/api/report';
import { OverviewModule } from './OverviewModule';
import { TranscriptModule } from './TranscriptModule';
import { HorizontalDistributionModule, RankSegmentModule, ScoreSegmentModule } from './SegmentModules';
import { ClassComparisonModule, SubjectComparisonModule, SubjectQualityModule } from './ComparisonModules';
import { GroupGModule, QuartileModule } from './GroupModules';
import { OnlineModule, RateCriticalModule } from './LineModules';
import { PaperModule } from './PaperModule';
import { CommentModule, StudentProgressModule, StudentTopModule, StudentWeakModule } from './StudentModules';

type Module = (p: { params: ReportParams; title?: string }) => React.ReactNode;

/** The module of each report key, with its menu title (role pages compose these in this order). */
export const REPORT_MODULES: { key: ReportKey; title: string; C: Module }[] = [
  { key: 'overview', title: '数据概览', C: OverviewModule },
  { key: 'transcript', title: '成绩单', C: TranscriptModule },
  { key: 'horizontalDistribution', title: '横向分布', C: HorizontalDistributionModule },
  { key: 'scoreSegment', title: '分数段', C: ScoreSegmentModule },
  { key: 'rankSegment', title: '名次段', C: RankSegmentModule },
  { key: 'subjectComparison', title: '学科对比', C: SubjectComparisonModule },
  { key: 'classComparison', title: '班级对比', C: ClassComparisonModule },
  { key: 'subjectQuality', title: '学科质量', C: SubjectQualityModule },
  { key: 'groupG', title: 'G组分析', C: GroupGModule },
  { key: 'quartile', title: '四分位分析', C: QuartileModule },
  { key: 'rateCritical', title: '五率临界分析', C: RateCriticalModule },
  { key: 'online', title: '上线分析', C: OnlineModule },
  { key: 'paper', title: '试卷分析', C: PaperModule },
  { key: 'comment', title: '评语分析', C: CommentModule },
  { key: 'studentProgress', title: '进退步分析', C: StudentProgressModule },
  { key: 'studentTop', title: '尖子生与后进生', C: StudentTopModule },
  { key: 'studentWeak', title: '薄弱学科', C: StudentWeakModule },
];
