import { ReportPage } from '../common/ReportPage';
import { ClassComparisonModule } from '../modules/ComparisonModules';

/** 班级对比 (classComparison). */
export default function ClassComparison() {
  return <ReportPage title="班级对比">{({ params }) => <ClassComparisonModule params={params} />}</ReportPage>;
}
