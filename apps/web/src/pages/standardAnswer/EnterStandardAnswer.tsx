import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ScanFrame } from '../scan/ScanFrame';
import { useScanExam } from '../scan/useScanExam';
import { AnswerKeysPanel } from './AnswerKeysPanel';
import { BlockAnswersPanel } from './BlockAnswersPanel';
import { KnowledgePanel } from './KnowledgePanel';

const TABS = ['keys', 'knowledge', 'blocks'] as const;

/**
 * /examDetailsEdit/enterStandardAnswer (录入标准答案): per exam subject the objective keys and 少选 rules (saving
 * re-scores), the knowledge points, and the written questions' 评分标准 for the markers. The tab is kept in the address.
 */
export default function EnterStandardAnswer() {
  const scan = useScanExam();
  const [sp, setSp] = useSearchParams();
  const tab = TABS.find((t) => t === sp.get('tab')) ?? 'keys';
  const setTab = (t: string) => setSp((old) => { const n = new URLSearchParams(old); n.set('tab', t); return n; }, { replace: true });
  return (
    <ScanFrame scan={scan} title="录入标准答案">
      {(id) => (
        <Tabs key={id} activeKey={tab} onChange={setTab} destroyOnHidden items={[
          { key: 'keys', label: '客观题答案', children: <AnswerKeysPanel examSubjectId={id} scanned={!!scan.subject && scan.subject.uploadCount + scan.subject.missExamCount + scan.subject.abnormalCount > 0} /> },
          { key: 'knowledge', label: '知识点', children: <KnowledgePanel examSubjectId={id} /> },
          { key: 'blocks', label: '主观题评分标准', children: <BlockAnswersPanel examSubjectId={id} /> },
        ]} />
      )}
    </ScanFrame>
  );
}
