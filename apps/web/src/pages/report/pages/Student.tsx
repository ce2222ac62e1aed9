import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ReportPage } from '../common/ReportPage';
import { StudentProgressModule, StudentTopModule, StudentWeakModule } from '../modules/StudentModules';

/** 学生分析 (student): progress, top / bottom students, weak subjects — a tab each. */
export default function Student() {
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') ?? 'progress';
  return (
    <ReportPage title="学生分析" fields={['classType', 'class', 'registration', 'scoreType']}>
      {({ params }) => {
        const p = { ...params, courseCode: '0' };
        return (
          <Tabs activeKey={tab} onChange={(k) => { const n = new URLSearchParams(sp); n.set('tab', k); setSp(n, { replace: true }); }}
            className="jz-report-tabs"
            items={[
              { key: 'progress', label: '进退步分析', children: <StudentProgressModule params={p} /> },
              { key: 'top', label: '尖子生与后进生', children: <StudentTopModule params={p} /> },
              { key: 'weak', label: '薄弱学科', children: <StudentWeakModule params={p} /> },
            ]} />
        );
      }}
    </ReportPage>
  );
}
