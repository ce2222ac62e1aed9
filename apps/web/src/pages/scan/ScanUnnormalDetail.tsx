import { useState } from 'react';
import { Button, Card, Empty, List, Select, Space, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SCAN_ABNORMAL_KINDS, SCAN_ABNORMAL_NAMES, type ScanAbnormalKind } from '@/api/scan';
import { useFeedback } from '@/components/table';
import { AbnormalFixPanel } from './AbnormalFixPanel';
import { RecycleBin } from './RecycleBin';
import { ScanFrame } from './ScanFrame';
import { scanQuery, useScanExam } from './useScanExam';
import { useAbnormals } from './useAbnormals';

/** The 异常卷 of one subject: the sheets (by reason) on the left, the selected one with its fixes on the right. */
function Abnormals({ examSubjectId, onChanged }: { examSubjectId: number; onChanged: () => void }) {
  const s = useAbnormals(examSubjectId, onChanged);
  return (
    <div className="jz-abnormal" style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card size="small" style={{ flex: '1 1 280px', maxWidth: 360, minWidth: 260 }}
        title={<span data-testid="abnormal-total">异常卷（{s.total}）</span>} extra={<Button size="small" type="text" aria-label="刷新异常卷" icon={<ReloadOutlined />} onClick={() => void s.reload()} />}>
        <Select<ScanAbnormalKind | 'all'> aria-label="异常类型" value={s.kind} onChange={s.setKind} style={{ width: '100%', marginBottom: 8 }}
          options={[{ value: 'all', label: `全部类型（${s.total}）` }, ...SCAN_ABNORMAL_KINDS.filter((k) => s.counts[k]).map((k) => ({ value: k, label: `${SCAN_ABNORMAL_NAMES[k]}（${s.counts[k]}）` }))]} />
        <List size="small" data-testid="abnormal-list" loading={s.loading} dataSource={s.list} locale={{ emptyText: <Empty description="没有待处理的异常卷" /> }}
          style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
          renderItem={(sheet) => {
            const a = sheet.pages[0]!;
            const on = s.sheet?.sheetId === sheet.sheetId;
            return (
              <List.Item onClick={() => s.select(sheet.sheetId)} aria-selected={on}
                style={{ cursor: 'pointer', background: on ? '#e6f4ff' : undefined, paddingInline: 8 }}>
                <div style={{ width: '100%' }}>
                  <Space size={4} wrap>{sheet.kinds.map((k) => <Tag key={k} color="red">{SCAN_ABNORMAL_NAMES[k]}</Tag>)}<span>第{a.page.seq}张</span>{a.page.studentName && <span>{a.page.studentName}</span>}</Space>
                  <div style={{ fontSize: 12, color: '#999', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={`${a.page.fileName}：${a.reason}`}>
                    {sheet.pages.length > 1 ? `${sheet.pages.length} 页异常　` : ''}{a.page.fileName}　{a.reason}
                  </div>
                </div>
              </List.Item>
            );
          }} />
      </Card>
      <div style={{ flex: '3 1 520px', minWidth: 0 }}><AbnormalFixPanel s={s} examSubjectId={examSubjectId} /></div>
    </div>
  );
}

/** /scanUnnormalDetail: every abnormal kind with its fix on screen, and the recycle bin. */
export default function ScanUnnormalDetail() {
  useFeedback();
  const navigate = useNavigate();
  const scan = useScanExam();
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') === 'recycle' ? 'recycle' : 'abnormal';
  // a fix in one tab changes the other (a kept duplicate goes to the bin, a restored page may be abnormal again)
  const [abnormalVersion, setAbnormalVersion] = useState(0);
  const [recycleVersion, setRecycleVersion] = useState(0);
  const back = scan.exam ? (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/examDetailsEdit/scanStudentHome${scanQuery(scan.exam!, scan.examSubjectId)}`)}>返回扫描管理</Button>
  ) : null;
  return (
    <ScanFrame scan={scan} title="异常扫描详情" extra={back}>
      {(id) => (
        <Tabs activeKey={tab} onChange={(k) => setSp((o) => { const n = new URLSearchParams(o); if (k === 'recycle') n.set('tab', k); else n.delete('tab'); return n; }, { replace: true })}
          items={[
            { key: 'abnormal', label: '异常卷', children: <Abnormals key={`${id}:${abnormalVersion}`} examSubjectId={id} onChanged={() => setRecycleVersion((v) => v + 1)} /> },
            { key: 'recycle', label: '回收站', children: <RecycleBin key={`${id}:${recycleVersion}`} examSubjectId={id} onChanged={() => setAbnormalVersion((v) => v + 1)} /> },
          ]} />
      )}
    </ScanFrame>
  );
}
