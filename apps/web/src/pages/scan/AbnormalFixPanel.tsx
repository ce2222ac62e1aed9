import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Input, Popconfirm, Radio, Segmented, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, RedoOutlined, RotateRightOutlined } from '@ant-design/icons';
import { scanImageSrc, type ScanAbnormal, type ScanDoubt, type ScanPage } from '@/api/scan';
import { choiceBoxName } from '@jz/shared/elective';
import { BubbleCrops } from './BubbleCrops';
import { ImagePreview } from './ImagePreview';
import { pageItem } from './scanConstants';
import { RegionZoom } from './RegionZoom';
import { RescanButton } from './RescanButton';
import { SheetImage, useAuthImage } from './SheetImage';
import { StudentPicker } from './StudentPicker';
import type { AbnormalsState } from './useAbnormals';

/** A page image that opens the full preview (zoom, rotate) on click. */
function PageView({ page, height = 420 }: { page: ScanPage; height?: number }) {
  const [open, setOpen] = useState<number | null>(null);
  const item = pageItem(page);
  return (
    <>
      <button type="button" onClick={() => setOpen(0)} aria-label={`放大查看 ${item.title}`} style={{ border: '1px solid #f0f0f0', padding: 4, background: '#fff', cursor: 'zoom-in', width: '100%' }}>
        <SheetImage src={item.src} alt={item.title} style={{ width: '100%', height, objectFit: 'contain', display: 'block' }} />
        <div style={{ fontSize: 12, color: '#666' }}>{item.title}</div>
      </button>
      <ImagePreview items={[item]} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}

/** A 选做题's mark (id 选做:22/23): the question the student chose. */
const elective = (d: ScanDoubt) => d.kind === 'question' && d.id.startsWith('选做:');

/** Doubtful marks: the bubble crops and, per question, the options to confirm or correct; 缺考 as a checkbox. */
function ConfirmMarks({ a, s }: { a: ScanAbnormal; s: AbnormalsState }) {
  const { url } = useAuthImage(a.page.imageUrl ? scanImageSrc(a.page.imageUrl) : '');
  const questions = a.doubts.filter((d) => d.kind === 'question');
  const absent = a.doubts.find((d) => d.kind === 'absent');
  const other = a.doubts.filter((d) => d.kind === 'admission');
  const [marks, setMarks] = useState<Record<string, string[]>>({});
  const [absentMarked, setAbsentMarked] = useState<boolean>(false);
  useEffect(() => {
    // a 选做 box read with none or two marks starts unchosen: the person picks one
    setMarks(Object.fromEntries(questions.map((d) => [d.id, elective(d) && d.marked.length !== 1 ? [] : [...d.marked]])));
    setAbsentMarked(!!absent?.marked.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.page.id]);
  const row = (d: ScanDoubt, control: React.ReactNode) => (
    <div key={`${d.kind}-${d.id}`} data-testid={`doubt-${d.kind}-${d.id}`} style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', padding: '8px 0', borderBottom: '1px solid #f5f5f5' }}>
      <div style={{ width: 90 }}><b>{elective(d) ? choiceBoxName(d.id.slice(3)) : d.kind === 'question' ? `第 ${d.id} 题` : d.kind === 'absent' ? '缺考标记' : `考号第 ${d.id} 位`}</b><div style={{ fontSize: 12, color: '#fa8c16' }}>{d.reason}</div></div>
      <BubbleCrops imageUrl={url} doubt={d} />
      {control}
    </div>
  );
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>核对原图涂点后确认或更正（蓝框为识别为已涂的选项，数字为涂黑程度）。</Typography.Paragraph>
      {questions.map((d) => row(d, elective(d) ? (
        // a 选做 box: exactly one chosen question (its written score goes there)
        <Radio.Group aria-label={`${choiceBoxName(d.id.slice(3)).replace(/ /g, '')}所选的题`} value={marks[d.id]?.[0]} onChange={(e) => setMarks({ ...marks, [d.id]: [e.target.value as string] })}
          options={d.options.map((o) => ({ value: o.value, label: `第${o.value}题` }))} />
      ) : (
        <Checkbox.Group aria-label={`第${d.id}题确认答案`} value={marks[d.id] ?? []} onChange={(v) => setMarks({ ...marks, [d.id]: (v as string[]).slice().sort() })}
          options={d.options.map((o) => ({ value: o.value, label: o.value }))} />
      )))}
      {absent && row(absent, <Checkbox checked={absentMarked} onChange={(e) => setAbsentMarked(e.target.checked)}>缺考</Checkbox>)}
      {other.map((d) => row(d, <Typography.Text type="secondary">考号有误请在考号异常中填写或认领</Typography.Text>))}
      <Button type="primary" style={{ marginTop: 12 }} loading={s.busy}
        onClick={() => void s.confirm({ questions: questions.map((d) => ({ questionNo: d.id, marked: marks[d.id] ?? [] })), ...(absent ? { absent: absentMarked } : {}) })}>确认涂点</Button>
    </div>
  );
}

/** 重复扫描: the copies of the same student's page side by side; keeping one sends every page of the other copy to the recycle bin. */
function KeepOne({ a, s }: { a: ScanAbnormal; s: AbnormalsState }) {
  const pages = [a.page, ...a.duplicates];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(pages.length, 3)}, minmax(0, 1fr))`, gap: 12 }}>
      {pages.map((p, i) => (
        <div key={p.id} data-testid={`duplicate-${p.id}`}>
          <PageView page={p} height={300} />
          <div style={{ fontSize: 12, color: '#666', margin: '4px 0' }}>{i === 0 ? '本份' : '另一份'}　第{p.seq}张 {p.fileName}</div>
          <Button type={i === 0 ? 'primary' : 'default'} loading={s.busy} onClick={() => void s.keep(p.id)}>保留这一份</Button>
        </div>
      ))}
    </div>
  );
}

/** The selected 异常卷: its abnormal pages (a switch when several), the selected page's image, what is wrong and the fixes its kind offers (SCAN_ABNORMAL_FIXES). */
export function AbnormalFixPanel({ s, examSubjectId }: { s: AbnormalsState; examSubjectId: number }) {
  const a = s.selected;
  const [examNo, setExamNoText] = useState('');
  const [claimFor, setClaimFor] = useState<number | undefined>();
  useEffect(() => { setExamNoText(a?.page.examNo?.replace(/[^0-9A-Za-z]/g, '') ?? ''); setClaimFor(undefined); }, [a?.page.id, a?.page.examNo]);
  if (!a) return <Card size="small"><Empty description={s.loading ? '加载中…' : '没有待处理的异常卷'} /></Card>;
  const has = (f: ScanAbnormal['fixes'][number]) => a.fixes.includes(f);
  const sheetPages = s.sheet?.pages ?? [a];
  const typesExamNo = has('setExamNo');
  return (
    <Card size="small" data-testid="abnormal-fix" title={<Space wrap><Tag color="red">{a.kindName}</Tag><span>第{a.page.seq}张</span><span style={{ fontWeight: 400, color: '#666' }}>{a.page.fileName}{a.page.fileIndex > 1 ? ` 第${a.page.fileIndex}页` : ''}</span></Space>}>
      {sheetPages.length > 1 && (
        <Segmented<number> style={{ marginBottom: 12 }} aria-label="本份答题卡的异常页" value={a.page.id} onChange={(v) => s.selectPage(v)}
          options={sheetPages.map((x) => ({ value: x.page.id, label: `${x.page.pageNo ? `第${x.page.pageNo}页` : `第${x.page.seq}张`} ${x.kindName}` }))} />
      )}
      <Alert type="warning" showIcon message={a.reason} style={{ marginBottom: 12 }} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="考生">{a.page.studentName ?? '未确定'}</Descriptions.Item>
        <Descriptions.Item label="识别考号">{a.page.examNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="答题卡页">{a.page.pageNo ? `第${a.page.pageNo}页` : '未知'}</Descriptions.Item>
        {a.missingPages.length > 0 && <Descriptions.Item label="缺少">{a.missingPages.map((n) => `第${n}页`).join('、')}</Descriptions.Item>}
      </Descriptions>

      {a.kind === 'duplicate' && has('keep') ? <KeepOne a={a} s={s} /> : (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <div style={{ flex: typesExamNo ? '1 1 220px' : '1 1 300px', maxWidth: typesExamNo ? 280 : 460 }}><PageView page={a.page} height={typesExamNo ? 320 : 420} /></div>
          <div style={{ flex: '2 1 360px', minWidth: 0 }}>
            {typesExamNo && a.page.imageUrl && (
              <div style={{ marginBottom: 12 }}><RegionZoom page={a.page} rect={a.examNoRect} label="答题卡上的考号区域" /></div>
            )}
            {has('confirmMarks') && <ConfirmMarks a={a} s={s} />}
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              {(has('rotate') || has('recognize')) && (
                <Space wrap>
                  {has('rotate') && <Button icon={<RotateRightOutlined />} loading={s.busy} onClick={() => void s.rotate()}>旋转180°并重新识别</Button>}
                  {has('recognize') && <Button icon={<RedoOutlined />} loading={s.busy} onClick={() => void s.recognize()}>重新识别</Button>}
                </Space>
              )}
              {has('setExamNo') && (
                <Space.Compact>
                  <Input aria-label="填写考号" placeholder="按答题卡填写考号" value={examNo} maxLength={32} style={{ width: 200 }} onChange={(e) => setExamNoText(e.target.value)}
                    onPressEnter={() => examNo.trim() && void s.setExamNo(examNo.trim())} />
                  <Button type="primary" loading={s.busy} disabled={!examNo.trim()} onClick={() => void s.setExamNo(examNo.trim())}>确定考号</Button>
                </Space.Compact>
              )}
              {has('claim') && (
                <Space wrap>
                  <StudentPicker examSubjectId={examSubjectId} value={claimFor} onChange={setClaimFor} />
                  <Button type="primary" loading={s.busy} disabled={!claimFor} onClick={() => claimFor && void s.claim(claimFor)}>认领</Button>
                </Space>
              )}
              {has('rescan') && (a.page.examStudentId
                ? <RescanButton examSubjectId={examSubjectId} examStudentId={a.page.examStudentId} onDone={() => void s.rescanned()} />
                : <Typography.Text type="secondary">无法确定考生的页：请重新扫描后在「扫描管理」上传新批次，并将此页删除到回收站。</Typography.Text>)}
              {has('delete') && (
                <Popconfirm title="删除到回收站？" description="删除后不计入任何统计，可在回收站还原。" okText="删除" cancelText="取消" onConfirm={() => void s.remove()}>
                  <Button danger icon={<DeleteOutlined />} loading={s.busy}>删除到回收站</Button>
                </Popconfirm>
              )}
            </Space>
          </div>
        </div>
      )}
      {a.kind === 'duplicate' && has('delete') && (
        <Popconfirm title="删除本页到回收站？" okText="删除" cancelText="取消" onConfirm={() => void s.remove()}>
          <Button danger icon={<DeleteOutlined />} style={{ marginTop: 12 }} loading={s.busy}>删除本页到回收站</Button>
        </Popconfirm>
      )}
    </Card>
  );
}
