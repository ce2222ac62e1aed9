import { ReportPage } from '../common/ReportPage';
import { PaperModule } from '../modules/PaperModule';

/** 试卷分析 (testPaper): one subject at a time (总分 has no paper). */
export default function TestPaper() {
  return <ReportPage title="试卷分析" noTotal>{({ params }) => <PaperModule params={params} />}</ReportPage>;
}
