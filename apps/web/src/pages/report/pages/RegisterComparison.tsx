import { ReportPage } from '../common/ReportPage';
import { RegistrationComparisonModule } from '../modules/ComparisonModules';

/** 学籍对比 (registrationComparison): reached by its route (the spec's report menu does not list it). */
export default function RegisterComparison() {
  return <ReportPage title="学籍对比" fields={['course', 'scoreType']}>{({ params }) => <RegistrationComparisonModule params={params} />}</ReportPage>;
}
