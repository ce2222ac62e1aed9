import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ReportPage } from '../common/ReportPage';
import { HorizontalDistributionModule, RankSegmentModule, ScoreSegmentModule } from '../modules/SegmentModules';

/** 横向分布 (horizontalDistribution): the distribution, score segments and rank segments, a tab each. */
export default function HorizontalDistribution() {
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') ?? 'distribution';
  return (
    <ReportPage title="横向分布">
      {({ params }) => (
        <Tabs activeKey={tab} onChange={(k) => { const n = new URLSearchParams(sp); n.set('tab', k); setSp(n, { replace: true }); }}
          className="jz-report-tabs"
          items={[
            { key: 'distribution', label: '横向分布', children: <HorizontalDistributionModule params={params} /> },
            { key: 'scoreSegment', label: '分数段', children: <ScoreSegmentModule params={params} /> },
            { key: 'rankSegment', label: '名次段', children: <RankSegmentModule params={params} /> },
          ]} />
      )}
    </ReportPage>
  );
}
