import { ReportPage } from '../common/ReportPage';
import { SubjectComparisonModule } from '../modules/ComparisonModules';

/** 学科对比 (subject). */
export default function Subject() {
  return <ReportPage title="学科对比" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <SubjectComparisonModule params={{ ...params, courseCode: '0' }} />}</ReportPage>;
}
