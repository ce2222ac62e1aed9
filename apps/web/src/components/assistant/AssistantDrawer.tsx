import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Drawer, Empty, Input, Select, Space, Tag, Typography, Upload, message as toast } from 'antd';
import { DeleteOutlined, PaperClipOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { ASSISTANT_ATTACHMENT_MAX, OFFLINE_MODEL, type AssistantInfo, type AssistantMessage } from '@jz/shared/api/assistant';
import { askAssistant, clearAssistantHistory, findAssistantHistory, findAssistantInfo } from '@/api/assistant';
import { findAnalysisExams } from '@/api/report';
import { AssistantMessageView } from './AssistantMessageView';
import './assistant.css';

const TEXT_FILE = /\.(txt|csv|md)$/i;

/**
 * AI 助手 drawer on every staff page: welcome text, suggested questions, the caller's history, text input, file
 * button (a text file is sent with the question), model chooser. The exam is the page's (?examId=) or one chosen here.
 * Opened by a floating button, or on the full-screen pages (marking, scanning, card making) by a small button in
 * their top bar, where a floating one would cover the work.
 */
export function AssistantDrawer({ trigger = 'fab' }: { trigger?: 'fab' | 'bar' }) {
  const [open, setOpen] = useState(false);
  const [search] = useSearchParams();
  const [info, setInfo] = useState<AssistantInfo>();
  const [history, setHistory] = useState<AssistantMessage[]>([]);
  const [exams, setExams] = useState<{ value: number; label: string }[]>([]);
  const [examId, setExamId] = useState<number>();
  const [model, setModel] = useState(OFFLINE_MODEL);
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<{ question: string; answer: string; status: string }>();
  const abort = useRef<AbortController>(undefined);
  const listEnd = useRef<HTMLDivElement>(null);
  const pageExam = Number(search.get('examId')) || undefined;

  useEffect(() => {
    if (!open) return;
    void findAssistantInfo().then((r) => { if (r.code === 200) { setInfo(r.data); setModel(r.data.models[0]?.value ?? OFFLINE_MODEL); } });
    void findAssistantHistory().then((r) => { if (r.code === 200) setHistory(r.data); });
    void findAnalysisExams({ current: 1, size: 100 }).then((r) => {
      if (r.code !== 200) return;
      setExams(r.data.records.map((e) => ({ value: e.examId, label: `${e.examName}（${e.gradeName}）` })));
      setExamId((cur) => cur ?? pageExam ?? r.data.records[0]?.examId);
    });
  }, [open, pageExam]);
  useEffect(() => { if (pageExam) setExamId(pageExam); }, [pageExam]);
  useEffect(() => { listEnd.current?.scrollIntoView({ block: 'end' }); }, [history, live]);

  const send = async (question: string) => {
    const q = question.trim();
    if (!q) return void toast.warning('请输入问题');
    if (!examId) return void toast.warning('请先选择考试');
    setBusy(true);
    setText('');
    setLive({ question: q, answer: '', status: '正在思考…' });
    const ctrl = new AbortController();
    abort.current = ctrl;
    let failed = '';
    await askAssistant({ examId, message: q, model, ...(file ? { attachment: file } : {}) }, (e) => {
      if (e.type === 'tool') setLive((l) => l && { ...l, status: `正在查询：${e.title}` });
      else if (e.type === 'delta') setLive((l) => l && { ...l, answer: l.answer + e.text, status: '' });
      else if (e.type === 'done') setHistory((h) => [...h, { ...e.message, id: -e.message.id, role: 'user', content: q, sources: [], unsourced: [] }, e.message]);
      else if (e.type === 'error') failed = e.msg;
    }, ctrl.signal);
    setLive(undefined);
    setBusy(false);
    setFile(undefined);
    if (failed) { toast.error(failed); setText(q); }
    void findAssistantInfo().then((r) => { if (r.code === 200) setInfo(r.data); });
  };

  const clear = async () => {
    const r = await clearAssistantHistory();
    if (r.code === 200) { setHistory([]); toast.success('已清空对话记录'); }
  };

  const pick = (f: File) => {
    if (!TEXT_FILE.test(f.name)) { toast.error('只支持 .txt、.csv、.md 文本文件'); return false; }
    void f.text().then((t) => {
      if (t.length > ASSISTANT_ATTACHMENT_MAX) toast.error(`附件内容不能超过 ${ASSISTANT_ATTACHMENT_MAX} 字`);
      else setFile({ name: f.name, text: t });
    });
    return false;
  };

  return (
    <>
      {trigger === 'fab'
        ? <Button className="jz-ai-fab" type="primary" shape="round" icon={<RobotOutlined />} onClick={() => setOpen(true)}>AI 助手</Button>
        : <Button className="jz-no-print" size="small" icon={<RobotOutlined />} onClick={() => setOpen(true)}>AI 助手</Button>}
      <Drawer title="AI 助手" open={open} onClose={() => { abort.current?.abort(); setOpen(false); }} width={520} destroyOnHidden
        extra={<Button size="small" icon={<DeleteOutlined />} onClick={() => void clear()} disabled={busy || !history.length}>清空记录</Button>}>
        <div className="jz-ai-body">
          <Select value={examId} onChange={setExamId} options={exams} placeholder="选择考试" showSearch optionFilterProp="label" aria-label="考试" />
          <div className="jz-ai-list">
            <div className="jz-ai-welcome">
              {info?.welcome}
              {info?.offline && <div><Typography.Text type="secondary">当前为离线模式：根据报告数据按模板回答推荐问题。</Typography.Text></div>}
              <div className="jz-ai-tags">{info?.suggestions.map((s) => <Tag key={s} color="blue" onClick={() => { if (!busy) void send(s); }}>{s}</Tag>)}</div>
            </div>
            {!history.length && !live && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无对话记录" />}
            {history.map((m) => <AssistantMessageView key={`${m.role}${m.id}`} m={m} />)}
            {live && (
              <>
                <div className="jz-ai-user" title={live.question}>{live.question}</div>
                <div className="jz-ai-answer"><div className="jz-ai-text">{live.answer}</div>{live.status && <Typography.Text type="secondary">{live.status}</Typography.Text>}</div>
              </>
            )}
            <div ref={listEnd} />
          </div>
          <div className="jz-ai-input">
            <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} placeholder="请输入问题，Enter 发送，Shift+Enter 换行" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000}
              onPressEnter={(e) => { if (!e.shiftKey) { e.preventDefault(); if (!busy) void send(text); } }} aria-label="问题" />
            <div className="jz-ai-bar">
              <Upload beforeUpload={pick} showUploadList={false} accept=".txt,.csv,.md"><Button icon={<PaperClipOutlined />} disabled={busy}>文件</Button></Upload>
              {file && <Tag closable onClose={() => setFile(undefined)}>{file.name}</Tag>}
              <Select value={model} onChange={setModel} options={info?.models ?? []} style={{ minWidth: 160 }} aria-label="模型" />
              <Space style={{ marginLeft: 'auto' }}>
                {info && <Typography.Text type="secondary">今日剩余 {info.remainingToday} 次</Typography.Text>}
                {busy ? <Button onClick={() => abort.current?.abort()}>停止</Button> : <Button type="primary" icon={<SendOutlined />} onClick={() => void send(text)}>发送</Button>}
              </Space>
            </div>
          </div>
        </div>
      </Drawer>
    </>
  );
}
