import { ReportPage } from '../common/ReportPage';
import { SubjectQualityModule } from '../modules/ComparisonModules';

/** 学科质量 (subjectQuality). */
export default function SubjectQuality() {
  return <ReportPage title="学科质量" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <SubjectQualityModule params={{ ...params, courseCode: '0' }} />}</ReportPage>;
}
