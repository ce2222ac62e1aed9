import { ReportPage } from '../common/ReportPage';
import { ScoreChartsModule } from '../charts/ChartModules';

/** 成绩图表 (echartsExample): the chosen subject's distribution, box plots by class and scores against the total. */
export default function EchartsExample() {
  return <ReportPage title="成绩图表" fields={['course', 'classType', 'class', 'registration', 'scoreType']}>{({ params }) => <ScoreChartsModule params={params} />}</ReportPage>;
}
