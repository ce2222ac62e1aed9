import { Button, Card, Col, Empty, Input, Row, Select, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { RichText } from './RichText';
import { useSourceEditor, type Field } from './useSourceEditor';

/** Formula snippets (LaTeX between $…$) for the toolbar. */
const SNIPPETS: [string, string][] = [
  ['分式', '$\\frac{a}{b}$'], ['根式', '$\\sqrt{x}$'], ['上标', '$x^{2}$'], ['下标', '$a_{n}$'], ['求和', '$\\sum_{i=1}^{n} a_i$'],
  ['积分', '$\\int_{a}^{b} f(x)\\,dx$'], ['矩阵', '$\\begin{pmatrix}a & b\\\\ c & d\\end{pmatrix}$'], ['方程组', '$\\left\\{\\begin{aligned}x+y&=1\\\\x-y&=0\\end{aligned}\\right.$'],
  ['向量', '$\\vec{a}$'], ['角', '$\\angle ABC$'], ['α', '$\\alpha$'], ['π', '$\\pi$'], ['≤', '$\\le$'], ['≠', '$\\ne$'],
];

/**
 * /ckeditor/test: the bank's second editor — the question's HTML source with LaTeX formulas, a formula toolbar and
 * a live KaTeX preview (docs/DECISIONS.md “Question bank: importing papers” on why not CKEditor 5). ?id= edits a
 * bank question, ?courseCode= starts one; without either, pick a question to edit.
 */
export default function SourceEditorPage() {
  const [sp, setSp] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(sp.get('id')) || undefined;
  const s = useSourceEditor(id, sp.get('courseCode') ?? '');
  const d = s.draft;
  const source = (field: Field, label: string, rows: number) => (
    <>
      <div style={{ margin: '12px 0 6px' }}>{label}</div>
      <Input.TextArea aria-label={label} value={d![field]} rows={rows} style={{ fontFamily: 'monospace' }}
        onFocus={(e) => { s.focused.current = { field, el: e.target }; }} onChange={(e) => s.patch({ [field]: e.target.value })} />
    </>
  );

  if (!d) {
    return (
      <div style={{ padding: 16, maxWidth: 960, margin: '0 auto' }}>
        <Card title="试题源码编辑器（HTML + LaTeX）">
          <Space wrap>
            <Select aria-label="学科" placeholder="学科" style={{ width: 140 }} options={s.courses.map((c) => ({ value: c.courseCode, label: c.courseName }))}
              onChange={(c: string) => s.search(c)} />
            <Select aria-label="选择试题" placeholder="选择要编辑的试题" style={{ width: 520 }} showSearch optionFilterProp="label"
              options={s.picks.map((q) => ({ value: q.id, label: `#${q.id} ${q.stem.replace(/<[^>]+>/g, '').slice(0, 40)}` }))}
              onChange={(v: number) => setSp({ id: String(v) })} />
          </Space>
          {!s.picks.length && <Empty style={{ marginTop: 24 }} description="先选择学科，再选择试题" />}
        </Card>
      </div>
    );
  }
  const choice = d.type === 'single' || d.type === 'multiple';
  return (
    <div style={{ padding: 16, maxWidth: 1280, margin: '0 auto' }}>
      <Card title={id ? `编辑试题 #${id}（源码）` : '新增试题（源码）'} extra={<Space>
        <Button onClick={() => navigate(`/knowTopic/list?courseCode=${encodeURIComponent(d.courseCode)}`)}>返回题库</Button>
        {id && <Button onClick={() => navigate(`/wang/editor?id=${id}`)}>在富文本编辑器中打开</Button>}
        <Button type="primary" loading={s.saving} onClick={async () => { const saved = await s.save(); if (saved && !id) setSp({ id: String(saved) }); }}>保存</Button>
      </Space>}>
        <Row gutter={24}>
          <Col span={13}>
            <Space wrap>
              <Select aria-label="题型" style={{ width: 120 }} value={d.type} options={Object.entries(QUESTION_TYPE_NAMES).map(([value, label]) => ({ value, label }))}
                onChange={(type) => s.patch({ type })} />
            </Space>
            <div style={{ marginTop: 12 }} data-testid="formula-toolbar">
              <Space wrap size={4}>{SNIPPETS.map(([name, tex]) => <Button key={name} size="small" onClick={() => s.insert(tex)}>{name}</Button>)}</Space>
            </div>
            {source('stem', '题干源码', 8)}
            {choice && d.options.map((o, i) => (
              <Space.Compact key={o.label} style={{ width: '100%', marginTop: 6 }}>
                <Input style={{ width: 48 }} value={o.label} readOnly />
                <Input aria-label={`选项${o.label}`} value={o.content} onChange={(e) => s.patch({ options: d.options.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)) })} />
              </Space.Compact>
            ))}
            <div style={{ margin: '12px 0 6px' }}>答案</div>
            <Input aria-label="答案" value={d.answer} onChange={(e) => s.patch({ answer: e.target.value })} />
            {source('analysis', '解析源码', 5)}
          </Col>
          <Col span={11}>
            <Card size="small" title="实时预览" data-testid="preview">
              <RichText html={d.stem} />
              {choice && d.options.filter((o) => o.content).map((o) => <div key={o.label} style={{ display: 'flex', gap: 4 }}><span>{o.label}.</span><RichText html={o.content} /></div>)}
              <div style={{ marginTop: 8 }}><b>答案：</b>{d.answer}</div>
              {d.analysis && <div><b>解析：</b><RichText html={d.analysis} /></div>}
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
