import { ExamList } from './ExamList';

/** /examMarking/analysisMana: exam analysis management; kept alive (filters, page) when navigated away. */
export default function AnalysisMana() {
  return <ExamList title="分析管理" keepAliveKey="analysisMana" />;
}
