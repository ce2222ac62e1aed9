import { ReportPage } from '../common/ReportPage';
import { GroupGModule } from '../modules/GroupModules';

/** G组分析 (Ggroup): built on the total. */
export default function Ggroup() {
  return <ReportPage title="G组分析" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <GroupGModule params={{ ...params, courseCode: '0' }} />}</ReportPage>;
}
