import { ReportPage } from '../common/ReportPage';
import { RateCriticalModule } from '../modules/LineModules';

/** 五率临界分析 (rateCritical). */
export default function RateCritical() {
  return <ReportPage title="五率临界分析">{({ params }) => <RateCriticalModule params={params} />}</ReportPage>;
}
