import { ReportPage } from '../common/ReportPage';
import { CommentModule } from '../modules/StudentModules';

/** 评语分析 (comment). */
export default function Comment() {
  return <ReportPage title="评语分析" fields={['classType', 'class', 'registration', 'scoreType']}>{({ params }) => <CommentModule params={params} />}</ReportPage>;
}
