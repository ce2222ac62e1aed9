import { ReportPage } from '../common/ReportPage';
import { OnlineModule } from '../modules/LineModules';

/** 上线分析 (online): built on the total. */
export default function Online() {
  return <ReportPage title="上线分析" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <OnlineModule params={{ ...params, courseCode: '0' }} />}</ReportPage>;
}
