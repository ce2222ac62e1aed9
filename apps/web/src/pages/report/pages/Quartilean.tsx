import { ReportPage } from '../common/ReportPage';
import { QuartileModule } from '../modules/GroupModules';

/** 四分位分析 (quartilean). */
export default function Quartilean() {
  return <ReportPage title="四分位分析">{({ params }) => <QuartileModule params={params} />}</ReportPage>;
}
