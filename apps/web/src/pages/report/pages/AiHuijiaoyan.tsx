import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, Space, Spin, message as toast } from 'antd';
import { FileWordOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import type { HuijiaoyanDraft } from '@jz/shared/api/assistant';
import { exportHuijiaoyanDocx, findHuijiaoyanDraft } from '@/api/assistant';
import { saveBlob } from '@/utils/request';
import { ReportPage } from '../common/ReportPage';
import '@/components/assistant/assistant.css';

/** The editable draft of one subject and class: title and sections, 导出 Word and 打印. */
function Draft({ examId, courseCode, classId }: { examId: number; courseCode: string; classId: number }) {
  const [draft, setDraft] = useState<HuijiaoyanDraft>();
  const [error, setError] = useState('');
  const [title, setTitle] = useState('');
  const [sections, setSections] = useState<{ title: string; text: string }[]>([]);
  const [exporting, setExporting] = useState(false);

  const load = async () => {
    setDraft(undefined);
    setError('');
    const r = await findHuijiaoyanDraft({ examId, courseCode, classId });
    if (r.code !== 200) return void setError(r.msg);
    setDraft(r.data);
    setTitle(r.data.title);
    setSections(r.data.sections);
  };
  useEffect(() => { void load(); }, [examId, courseCode, classId]); // eslint-disable-line react-hooks/exhaustive-deps

  const exportDocx = async () => {
    setExporting(true);
    try {
      const r = await exportHuijiaoyanDocx({ examId, courseCode, classId, title, sections });
      if ('blob' in r) saveBlob(r.blob, r.filename || `${title}.docx`);
      else toast.error(r.msg);
    } finally { setExporting(false); }
  };

  if (error) return <Alert type="error" showIcon title={error} />;
  if (!draft) return <div style={{ padding: 60, textAlign: 'center' }}><Spin /></div>;
  return (
    <div className="jz-hjy">
      <Space className="jz-no-print" style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>重新生成</Button>
        <Button type="primary" icon={<FileWordOutlined />} loading={exporting} onClick={() => void exportDocx()}>导出 Word</Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>打印</Button>
      </Space>
      {draft.offline && <Alert className="jz-no-print" type="info" showIcon style={{ marginBottom: 12 }} title="离线模式：以下内容由报告数据按模板生成，可直接修改后导出或打印。" />}
      <Input className="jz-hjy-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-label="标题" />
      <div className="jz-print-only jz-hjy-print-title">{title}</div>
      {sections.map((s, i) => (
        <Card key={i} size="small" title={s.title} style={{ marginTop: 12 }}>
          <Input.TextArea className="jz-no-print" value={s.text} autoSize={{ minRows: 3 }} aria-label={s.title}
            onChange={(e) => setSections((list) => list.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)))} />
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
