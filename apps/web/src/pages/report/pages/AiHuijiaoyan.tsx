import { useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Spin, message as toast } from 'antd';
import { FileWordOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { exportHuijiaoyanDocx } from '@/api/assistant';
import { saveBlob } from '@/utils/request';
import { ReportPage } from '../common/ReportPage';
import { useHuijiaoyanDraft } from './useHuijiaoyanDraft';
import '@/components/assistant/assistant.css';

/** The editable draft of one subject and class: the model writing it (or the templates), 导出 Word and 打印. */
function Draft({ examId, courseCode, classId }: { examId: number; courseCode: string; classId: number }) {
  const h = useHuijiaoyanDraft(examId, courseCode, classId);
  const { draft, title, sections } = h;
  const [exporting, setExporting] = useState(false);

  const exportDocx = async () => {
    setExporting(true);
    try {
      const r = await exportHuijiaoyanDocx({ examId, courseCode, classId, title, sections });
      if ('blob' in r) saveBlob(r.blob, r.filename || `${title}.docx`);
      else toast.error(r.msg);
    } finally { setExporting(false); }
  };

  const bar = (
    <Space className="jz-no-print" style={{ marginBottom: 12 }} wrap>
      <Select aria-label="撰写方式" style={{ minWidth: 200 }} value={h.model} options={h.models} onChange={h.setModel} disabled={Boolean(h.streaming)} />
      <Button icon={<ReloadOutlined />} disabled={Boolean(h.streaming)} onClick={() => void h.reload()}>重新生成</Button>
      <Button type="primary" icon={<FileWordOutlined />} loading={exporting} disabled={!draft} onClick={() => void exportDocx()}>导出 Word</Button>
      <Button icon={<PrinterOutlined />} disabled={!draft} onClick={() => window.print()}>打印</Button>
    </Space>
  );
  if (h.error) return <>{bar}<Alert type="error" showIcon title={h.error} /></>;
  if (!draft && h.streaming) {
    return (
      <div className="jz-hjy">
        {bar}
        <Alert type="info" showIcon icon={<Spin size="small" />} style={{ marginBottom: 12 }}
          title={`AI 正在撰写草稿…${h.streaming.tools.length ? `（已查询：${h.streaming.tools.join('、')}）` : ''}`} />
        {h.streaming.sections.map((s) => (
          <Card key={s.title} size="small" title={s.title} style={{ marginTop: 12 }}><div className="jz-ai-text">{s.text}</div></Card>
        ))}
      </div>
    );
  }
  if (!draft) return <div style={{ padding: 60, textAlign: 'center' }}><Spin /></div>;
  return (
    <div className="jz-hjy">
      {bar}
      {draft.notice && <Alert className="jz-no-print" type="warning" showIcon style={{ marginBottom: 12 }} title={draft.notice} />}
      {draft.offline && !draft.notice && <Alert className="jz-no-print" type="info" showIcon style={{ marginBottom: 12 }} title="离线模式：以下内容由报告数据按模板生成，可直接修改后导出或打印。" />}
      {!draft.offline && <Alert className="jz-no-print" type="info" showIcon style={{ marginBottom: 12 }} title="以下草稿由 AI 模型根据报告数据撰写，数字均标注来源，请核对后修改、导出或打印。" />}
      {Boolean(draft.unsourced?.length) && <Alert className="jz-no-print" type="warning" showIcon style={{ marginBottom: 12 }} title={`以下数字在数据来源中找不到，请核对：${draft.unsourced!.join('、')}`} />}
      <Input className="jz-hjy-title" value={title} onChange={(e) => h.setTitle(e.target.value)} aria-label="标题" />
      <div className="jz-print-only jz-hjy-print-title">{title}</div>
      {sections.map((s, i) => (
        <Card key={i} size="small" title={s.title} style={{ marginTop: 12 }}>
          <Input.TextArea className="jz-no-print" value={s.text} autoSize={{ minRows: 3 }} aria-label={s.title} onChange={(e) => h.editSection(i, e.target.value)} />
          <div className="jz-print-only jz-ai-text">{s.text}</div>
        </Card>
      ))}
      <Card size="small" title="数据来源" style={{ marginTop: 12 }}>
        {draft.sources.map((s) => <div key={s.id} className="jz-ai-source"><b>{s.id} {s.title}</b><ul>{s.facts.map((f, k) => <li key={k}>{f.label}：{f.value}</li>)}</ul></div>)}
      </Card>
    </div>
  );
}

/** AI 慧教研 (aiHuijiaoyan): the teaching-research summary of the chosen subject and class. */
export default function AiHuijiaoyan() {
  return (
    <ReportPage title="AI慧教研" noTotal fields={['course', 'class']}>
      {({ params }) => <Draft examId={Number(params.examId)} courseCode={String(params.courseCode)} classId={Number(params.classId) || 0} />}
    </ReportPage>
  );
}
