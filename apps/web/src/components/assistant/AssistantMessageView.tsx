import { Button, Collapse, Typography, message as toast } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { AssistantMessage } from '@jz/shared/api/assistant';

/** An answer's text with its [S1] markers as links to the sources listed under it. */
function withCitations(text: string, key: number) {
  return text.split(/(\[S\d+\])/g).map((part, i) => {
    const m = /^\[(S\d+)\]$/.exec(part);
    return m ? <a key={i} className="jz-ai-cite" href={`#jz-ai-${key}-${m[1]}`} onClick={(e) => { e.preventDefault(); document.getElementById(`jz-ai-${key}-${m[1]}`)?.scrollIntoView({ block: 'nearest' }); }}>{m[1]}</a> : part;
  });
}

/** One message: the user's clamped to two lines; an answer with its sources, a warning for unsourced numbers and 复制. */
export function AssistantMessageView({ m }: { m: AssistantMessage }) {
  if (m.role === 'user') return <div className="jz-ai-user" title={m.content}>{m.content}</div>;
  const copy = async () => {
    try { await navigator.clipboard.writeText(m.content.replace(/ ?\[S\d+\]/g, '')); toast.success('已复制，可粘贴到评语中'); } catch { toast.error('复制失败，请手动选择文字复制'); }
  };
  return (
    <div className="jz-ai-answer" data-testid="ai-answer">
      <div className="jz-ai-text">{withCitations(m.content, m.id)}</div>
      {m.unsourced.length > 0 && <Typography.Text type="warning" className="jz-ai-warn">以下数字在查询结果中找不到出处，请核对：{m.unsourced.join('、')}</Typography.Text>}
      {m.sources.length > 0 && (
        <Collapse size="small" className="jz-ai-sources" items={[{ key: 's', label: `数据来源（${m.sources.length}）`, children: m.sources.map((s) => (
          <div key={s.id} id={`jz-ai-${m.id}-${s.id}`} className="jz-ai-source">
            <b>{s.id} {s.title}</b>
            <ul>{s.facts.map((f, i) => <li key={i}>{f.label}：{f.value}</li>)}</ul>
          </div>
        )) }]} />
      )}
      <div className="jz-ai-actions">
        <Typography.Text type="secondary">草稿，仅供参考，不会发送给学生</Typography.Text>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>复制</Button>
      </div>
    </div>
  );
}
