import { ReportPage } from '../common/ReportPage';
import { TrendModule } from '../charts/ChartModules';

/** 历次考试趋势 (echartsExamples): the chosen subject's 得分率 over the grade's released exams, grade and classes. */
export default function EchartsExamples() {
  return <ReportPage title="历次考试趋势" fields={['course', 'class']}>{({ params }) => <TrendModule params={params} />}</ReportPage>;
}
