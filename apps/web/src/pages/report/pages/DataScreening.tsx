import { ReportPage } from '../common/ReportPage';
import { OverviewModule } from '../modules/OverviewModule';

/** 数据概览 (dataScreening). */
export default function DataScreening() {
  return <ReportPage title="数据概览" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <OverviewModule params={params} />}</ReportPage>;
}
