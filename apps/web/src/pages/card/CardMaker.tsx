import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, InputNumber, Radio, Segmented, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { EyeOutlined, FilePdfOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import {
  CARD_ADMISSION_MODE_LABELS, CARD_ADMISSION_MODES, CARD_COLUMN_CHOICES, CARD_ESSAY_WORDS, CARD_FILL_BLANKS_MAX, CARD_OPTION_LETTERS,
  CARD_PAGE_CHOICES, CARD_PAPER_LABELS, CARD_PAPERS, CARD_TITLE_MAX,
} from '@jz/shared/api/card';
import type { Exam } from '@/api/exam';
import { findCard, previewCardSettings, previewSavedCard, resetCard, saveCard, type AnswerCard, type CardSettings } from '@/api/card';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { usePermission } from '@/components/Permission';
import { runAction, useFeedback } from '@/components/table';
import { CardCanvas } from './CardCanvas';
import { CardFrame, CardSavedState, pagesOf, startCardJob } from './cardParts';
import { useCardLayout } from './useCardLayout';

type Paper = CardSettings['paper'];
/** The form's values: 最多页数 0 = 自动; blanks keyed by question id; 选做题 groups as lists of question ids. */
interface FormValues {
  title: string; admissionDigits: number; pages: number; optionCount: number; essayWords?: number; blanks?: Record<string, number>;
  paper: Paper; columns: number; admissionMode: CardSettings['admissionMode']; choiceGroups?: number[][];
}

const toForm = (s: CardSettings): FormValues => ({
  title: s.title, admissionDigits: s.admissionDigits, pages: s.pages ?? 0, optionCount: s.optionCount, essayWords: s.essayWords ?? undefined,
  blanks: Object.fromEntries(s.fillBlanks.map((f) => [String(f.questionId), f.blanks])),
  paper: s.paper, columns: s.columns, admissionMode: s.admissionMode, choiceGroups: s.choiceGroups,
});
const toSettings = (v: Partial<FormValues>, card: AnswerCard): Omit<CardSettings, 'overrides'> => ({
  title: (v.title ?? '').trim(),
  admissionDigits: v.admissionDigits ?? card.settings.admissionDigits,
  pages: v.pages || null,
  optionCount: v.optionCount ?? card.settings.optionCount,
  essayWords: card.hasEssay ? v.essayWords ?? null : null,
  fillBlanks: card.fillQuestions.map((q) => ({ questionId: q.questionId, blanks: v.blanks?.[String(q.questionId)] ?? 1 })),
  paper: v.paper ?? card.settings.paper,
  columns: v.columns ?? card.settings.columns,
  admissionMode: v.admissionMode ?? card.settings.admissionMode,
  choiceGroups: (v.choiceGroups ?? []).filter((g) => g && g.length > 0),
});
const same = (a: CardSettings, b: CardSettings) => JSON.stringify(a) === JSON.stringify(b);

/** The printed preview and the paper it was made for (its 共 N 页 line names that paper, not the saved one). */
interface Preview { html: string | null; error: string | null; label: string; loading: boolean; paper?: Paper }

const PREVIEW_HEIGHT = 'calc(100vh - 48px - 32px - 72px)';

export interface CardMakerProps {
  exam: Exam;
  examSubjectId?: number;
  onSubjectChange: (examSubjectId: number) => void;
}

/**
 * The answer-sheet maker (docs/PRODUCT.md §2, §9: a 400 px side panel and the card): choose the subject, change the card's
 * title, paper (A4 1–2 / A3 2–3 columns), 考号 by bubbles or barcode label, 考号 digits, most pages, option count,
 * 选做题 groups, essay words and blanks per fill-in question; 版面编辑 draws the pages where areas are dragged and
 * resized, checked live (useCardLayout); 预览 shows the card
 * those settings give, 保存 stores it (what is printed and later recognised), 恢复默认 deletes it, 下载PDF prints
 * the saved card through the render queue. Changes not yet saved are marked as such.
 */
export function CardMaker({ exam, examSubjectId, onSubjectChange }: CardMakerProps) {
  const { modal } = App.useApp();
  const message = useFeedback();
  const can = usePermission();
  const canEdit = can('exam:exam:edit');
  const job = useRenderJob();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const [card, setCard] = useState<AnswerCard | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const [preview, setPreview] = useState<Preview>({ html: null, error: null, label: '', loading: false });
  const seq = useRef(0);

  /** Shows the saved (or default) card. */
  const showSaved = useCallback(async (c: AnswerCard) => {
    const mine = ++seq.current;
    if (!c.layout) { setPreview({ html: null, error: c.layoutError ?? '无法生成答题卡', label: '默认答题卡', loading: false }); return; }
    setPreview((p) => ({ ...p, loading: true }));
    try {
      const res = await previewSavedCard(c.examSubjectId);
      if (mine !== seq.current) return;
      setPreview('html' in res ? { html: res.html, error: null, label: c.saved ? '已保存的答题卡' : '默认答题卡', loading: false, paper: c.settings.paper }
        : { html: null, error: res.msg || '预览失败', label: '', loading: false });
    } catch {
      if (mine === seq.current) setPreview({ html: null, error: '预览失败，请稍后重试', label: '', loading: false });
    }
  }, []);

  const take = useCallback((c: AnswerCard) => {
    setCard(c);
    void showSaved(c);
  }, [showSaved]);
  // the form shows the card's settings once it is mounted (it renders with the card)
  useEffect(() => { if (card) form.setFieldsValue(toForm(card.settings)); }, [card, form]);

  useEffect(() => {
    if (!examSubjectId) return;
    let live = true;
    setLoading(true);
    setLoadError(null);
    setCard(null);
    findCard(examSubjectId)
      .then((res) => {
        if (!live) return;
        if (res.code === 200 && res.data) take(res.data);
        else setLoadError(res.msg || '加载失败');
      })
      .catch(() => { if (live) setLoadError('加载失败，请稍后重试'); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [examSubjectId, take]);

  const base = useMemo(() => (card && values ? toSettings(values, card) : null), [card, values]);
  const { full: current, check, moveArea, resetAreas } = useCardLayout(card, base);
  const dirty = !!card && !!current && !same(current, card.settings);
  const [view, setView] = useState<'layout' | 'print'>('print');
  const paper: Paper = values?.paper ?? card?.settings.paper ?? 'A4';
  /** Another paper or column count: the columns the paper allows, the dragged areas dropped (they were for the old page). */
  const onValuesChange = (changed: Partial<FormValues>) => {
    if (changed.paper) {
      const allowed = CARD_COLUMN_CHOICES[changed.paper] as readonly number[];
      if (!allowed.includes(form.getFieldValue('columns') as number)) form.setFieldValue('columns', allowed[allowed.length - 1]);
    }
    if (changed.paper || changed.columns) resetAreas();
  };
  const subject = exam.subjects.find((s) => s.id === examSubjectId);

  const chooseSubject = (id: number) => {
    if (!dirty) { onSubjectChange(id); return; }
    modal.confirm({
      title: '提示', content: '有未保存的修改，切换科目将放弃这些修改，确定切换吗？', okText: '确定', cancelText: '取消',
      onOk: () => onSubjectChange(id),
    });
  };

  /** Previews the settings the live check saw (every field, also those of a part of the panel not in view). */
  const showCurrent = useCallback(async (c: AnswerCard, settings: CardSettings, label: string) => {
    const mine = ++seq.current;
    setPreview((p) => ({ ...p, loading: true }));
    try {
      const res = await previewCardSettings(c.examSubjectId, settings);
      if (mine !== seq.current) return;
      setPreview('html' in res ? { html: res.html, error: null, label, loading: false, paper: settings.paper }
        : { html: null, error: res.msg || '预览失败', label: '', loading: false });
    } catch {
      if (mine === seq.current) setPreview((p) => ({ ...p, error: '预览失败，请稍后重试', loading: false }));
    }
  }, []);
  const labelOf = (c: AnswerCard) => (dirty ? '当前设置（未保存）' : c.saved ? '已保存的答题卡' : '默认答题卡');

  const onPreview = async () => {
    if (!card) return;
    const v = await form.validateFields().catch(() => null);
    if (!v || !current) return;
    await showCurrent(card, current, labelOf(card));
  };

  // another paper or column count is previewed at once: a preview of the old paper would print its page count
  const pageKey = current ? `${current.paper}/${current.columns}` : '';
  const previewed = useRef<{ card: AnswerCard | null; key: string }>({ card: null, key: '' });
  useEffect(() => {
    if (!card || !current || !pageKey) return;
    // a card just loaded or saved shows its own preview
    if (previewed.current.card !== card) { previewed.current = { card, key: pageKey }; return; }
    if (previewed.current.key === pageKey) return;
    previewed.current.key = pageKey;
    const t = setTimeout(() => void showCurrent(card, current, labelOf(card)), 250);
    return () => clearTimeout(t);
    // only a change of paper or columns previews by itself; other fields wait for 预览
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey, card, showCurrent]);

  const onSave = async () => {
    if (!card) return;
    // a field failing its rule (perhaps in a part of the panel not in view) is named, never a silent no-op
    const v = await form.validateFields().catch((e: { errorFields?: { errors: string[] }[] }) => {
      message.error(e.errorFields?.[0]?.errors[0] ?? '请检查答题卡设置');
      return null;
    });
    if (!v || !current) return;
    setBusy('save');
    // what is saved is what the live check saw: validateFields answers only the fields in view
    const res = await runAction(saveCard(card.examSubjectId, current), { success: '保存成功' });
    setBusy(null);
    if (res?.data) take(res.data);
  };

  const doReset = async () => {
    if (!card) return;
    if (!card.saved) { form.setFieldsValue(toForm(card.defaults)); resetAreas(); void showSaved(card); message.success('已恢复默认设置'); return; }
    setBusy('reset');
    const res = await runAction(resetCard(card.examSubjectId), { success: '已恢复默认' });
    setBusy(null);
    if (res?.data) take(res.data);
  };
  const onReset = () => modal.confirm({
    title: '提示',
    content: card?.saved ? '确认恢复默认答题卡吗？已保存的答题卡将被删除。' : '确认放弃修改、恢复默认设置吗？',
    okText: '确定', cancelText: '取消', onOk: doReset,
  });

  const onPdf = () => {
    if (!card) return;
    void startCardJob(job, card);
  };
  const pdfBlocked = !card ? '请选择科目' : dirty ? '有未保存的修改，请先保存（下载的是已保存的答题卡）' : !card.layout ? '答题卡无法生成，请调整设置后保存' : null;

  const optionLabel = (n: number) => `${n} 个（A–${CARD_OPTION_LETTERS[n - 1]}）`;

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ width: 400, flex: '0 0 400px', background: '#fff', padding: 16, borderRadius: 8, maxHeight: 'calc(100vh - 48px - 32px)', overflowY: 'auto' }}
        data-testid="card-panel">
        <Typography.Title level={5} style={{ marginTop: 0 }}>{exam.name}</Typography.Title>
        <Form.Item label="科目" style={{ marginBottom: 12 }}>
          <Select aria-label="科目" value={examSubjectId} onChange={chooseSubject} placeholder="请选择科目"
            options={exam.subjects.map((s) => ({ value: s.id, label: `${s.courseName}（${s.fullScore}分）` }))} />
        </Form.Item>
        <Spin spinning={loading}>
          {loadError ? (
            <Alert type="warning" showIcon title={loadError} data-testid="card-load-error"
              description={subject && subject.questionCount === 0
                ? <Link to={`/examAnalysisMana/smallQuestionsEdit?examId=${exam.id}`}>前往小题设置</Link> : undefined} />
          ) : card ? (
            <>
              <CardSavedState card={card} dirty={dirty} />
              <Form form={form} layout="vertical" name="cardSettings" style={{ marginTop: 12 }} requiredMark={false} onValuesChange={onValuesChange}>
                <Form.Item name="title" label="答题卡标题" rules={[{ required: true, whitespace: true, message: '请填写答题卡标题' }]}>
                  <Input maxLength={CARD_TITLE_MAX} allowClear />
                </Form.Item>
                <Space size={12} align="start" wrap>
                  <Form.Item name="paper" label="纸张">
                    <Select style={{ width: 120 }} aria-label="纸张" options={CARD_PAPERS.map((p) => ({ value: p, label: CARD_PAPER_LABELS[p] }))} />
                  </Form.Item>
                  <Form.Item name="columns" label="分栏">
                    <Select style={{ width: 100 }} aria-label="分栏" options={CARD_COLUMN_CHOICES[paper].map((n) => ({ value: n, label: `${n} 栏` }))} />
                  </Form.Item>
                  <Form.Item name="admissionMode" label="考号">
                    <Radio.Group optionType="button" options={CARD_ADMISSION_MODES.map((m) => ({ value: m, label: CARD_ADMISSION_MODE_LABELS[m] }))} />
                  </Form.Item>
                </Space>
                <Space size={12} align="start" wrap>
                  <Form.Item name="admissionDigits" label="考号位数" rules={[{ required: true, message: '请填写考号位数' }]}
                    tooltip={`本次考试的考号最长 ${card.minAdmissionDigits} 位`}>
                    <InputNumber min={card.minAdmissionDigits} max={14} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name="pages" label="最多页数">
                    <Select style={{ width: 110 }} aria-label="最多页数"
                      options={[{ value: 0, label: '自动' }, ...CARD_PAGE_CHOICES.map((n) => ({ value: n, label: `${n} 页` }))]} />
                  </Form.Item>
                  <Form.Item name="optionCount" label="选择题选项" tooltip="答案中有更后面的字母时，该题按答案增加选项">
                    <Select style={{ width: 130 }} aria-label="选择题选项"
                      options={Array.from({ length: CARD_OPTION_LETTERS.length - 1 }, (_, i) => i + 2).map((n) => ({ value: n, label: optionLabel(n) }))} />
                  </Form.Item>
                </Space>
                {card.hasEssay && (
                  <Form.Item name="essayWords" label="作文字数" rules={[{ required: true, message: '请填写作文字数' }]}>
                    <InputNumber min={CARD_ESSAY_WORDS.min} max={CARD_ESSAY_WORDS.max} step={100} precision={0} style={{ width: 140 }} addonAfter="字" />
                  </Form.Item>
                )}
                {card.subjectiveQuestions.length >= 2 && (
                  <Form.List name="choiceGroups">
                    {(fields, { add, remove }) => (
                      <div data-testid="card-choice-groups" style={{ marginBottom: 12 }}>
                        <div style={{ fontWeight: 600, marginBottom: 8 }}>选做题（多题任选一题作答，学生填涂所选题号）</div>
                        <div style={{ fontSize: 12, color: '#888', marginBottom: 8 }}>与小题设置中选做 K 道的题组相同时，印 K 个选做框，学生在每框填涂该框所答的题号</div>
                        {fields.map((f, i) => (
                          <Space key={f.key} align="start" style={{ display: 'flex' }}>
                            <Form.Item name={f.name} style={{ marginBottom: 8, width: 290 }}>
                              <Select mode="multiple" aria-label={`选做题第 ${i + 1} 组`} placeholder="选择可选的解答题"
                                options={card.subjectiveQuestions.map((q) => ({ value: q.questionId, label: `第 ${q.no} 题（${q.fullScore}分）` }))} />
                            </Form.Item>
                            <Button type="link" onClick={() => remove(f.name)}>删除</Button>
                          </Space>
                        ))}
                        <Button size="small" onClick={() => add([])}>添加选做题</Button>
                      </div>
                    )}
                  </Form.List>
                )}
                {card.fillQuestions.length > 0 && (
                  <>
                    <div style={{ fontWeight: 600, marginBottom: 8 }}>填空题空数</div>
                    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
                      {card.fillQuestions.map((q) => (
                        <Form.Item key={q.questionId} name={['blanks', String(q.questionId)]} label={`第 ${q.no} 题（${q.fullScore}分）`}
                          rules={[{ required: true, message: '请填写空数' }]} style={{ marginBottom: 8 }}>
                          <InputNumber min={1} max={CARD_FILL_BLANKS_MAX} precision={0} size="small" style={{ width: 90 }} addonAfter="空" />
                        </Form.Item>
                      ))}
                    </div>
                  </>
                )}
              </Form>
              <Space wrap style={{ marginTop: 8 }}>
                <Button icon={<EyeOutlined />} onClick={() => void onPreview()} loading={preview.loading}>预览</Button>
                {canEdit && <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void onSave()}>保存</Button>}
                {canEdit && <Button icon={<UndoOutlined />} loading={busy === 'reset'} disabled={!card.saved && !dirty} onClick={onReset}>恢复默认</Button>}
                <Tooltip title={pdfBlocked ?? undefined}>
                  <Button icon={<FilePdfOutlined />} disabled={!!pdfBlocked} onClick={onPdf}>下载PDF</Button>
                </Tooltip>
              </Space>
              <Space size={16} style={{ marginTop: 12 }}>
                <Link to={`/makeSheetCard/preview?examSubjectId=${card.examSubjectId}`}>查看已保存的答题卡</Link>
                <Link to={`/onLineCard/printCard?examSubjectId=${card.examSubjectId}`}>打印页</Link>
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
                版式按该科目的小题设置生成：选择题 2B 铅笔填涂区、填空题横线、解答题按分值分配作答区域，语文作文格；A4 纵向 1–2 栏或
                A3 横向 2–3 栏，按纸张原大打印，勿缩放。在“版面编辑”中可拖动区域、拖动右下角调整大小，版面问题实时显示。
                保存后打印与识别均以保存的版式为准。
              </Typography.Paragraph>
            </>
          ) : !loading && <Empty description="请选择科目" />}
        </Spin>
      </div>
      <div style={{ flex: 1, minWidth: 0, background: '#f0f2f5', padding: 8, borderRadius: 8 }}>
        <div style={{ marginBottom: 8, display: 'flex', gap: 12, alignItems: 'center' }}>
          <Segmented aria-label="预览方式" value={view} onChange={(v) => setView(v as 'layout' | 'print')}
            options={[{ value: 'layout', label: '版面编辑' }, { value: 'print', label: '打印预览' }]} />
          <Typography.Text strong>{view === 'print' ? preview.label || '答题卡预览' : dirty ? '当前设置（未保存）' : '当前版面'}</Typography.Text>
          {view === 'print' && preview.html && <Typography.Text type="secondary">共 {pagesOf(preview.html)} 页（{CARD_PAPER_LABELS[preview.paper ?? card?.settings.paper ?? 'A4']}）</Typography.Text>}
          {view === 'layout' && check.layout && <Typography.Text type="secondary">共 {check.layout.pages.length} 页（{CARD_PAPER_LABELS[check.layout.paper]}，{check.layout.columns} 栏）</Typography.Text>}
          {view === 'layout' && check.loading && <Typography.Text type="secondary">检查中…</Typography.Text>}
          {view === 'layout' && canEdit && current && current.overrides.length > 0 && <Button size="small" onClick={resetAreas}>还原区域位置</Button>}
        </div>
        {view === 'layout' && (
          // no Spin mask here: it would swallow the pointer while a check is under way
          <div data-testid="card-layout-view" data-checking={check.loading ? 'true' : 'false'}>
            {check.error ? <Alert type="warning" showIcon title={check.error} data-testid="card-layout-error" />
              : check.issues.length > 0 ? (
                <Alert type="error" showIcon data-testid="card-issues" style={{ marginBottom: 8 }} title="版面有问题，需调整后才能保存"
                  description={<ul style={{ margin: 0, paddingLeft: 18 }}>{check.issues.map((i, k) => <li key={k}>{i.message}</li>)}</ul>} />
              ) : check.layout ? <Alert type="success" showIcon data-testid="card-issues-none" style={{ marginBottom: 8 }} title="版面检查通过" /> : null}
            {check.layout && <CardCanvas layout={check.layout} issues={check.issues} editable={canEdit} onMove={moveArea} />}
          </div>
        )}
        <div style={{ display: view === 'print' ? 'block' : 'none' }}>
          <Spin spinning={preview.loading || loading}>
            {preview.error ? <Alert type="warning" showIcon title={preview.error} data-testid="card-preview-error" />
              : preview.html ? <CardFrame html={preview.html} height={PREVIEW_HEIGHT} />
                : <div style={{ height: 200 }} />}
          </Spin>
        </div>
      </div>
      <JobProgressModal job={job} printable />
    </div>
  );
}

export default CardMaker;
