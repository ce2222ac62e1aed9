import { useState } from 'react';
import { Alert, Button, Card, Empty, List, Result, Segmented, Space, Spin, Tag, Typography, Upload } from 'antd';
import { CheckOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { shapeLabel } from '@jz/omr/drawing';
import { useFeedback } from '@/components/table';
import { ScanFrame } from './ScanFrame';
import { fmtTime } from './scanConstants';
import { ShapeForm } from './template/ShapeForm';
import { TemplateCanvas } from './template/TemplateCanvas';
import { TOOLS, toolOf } from './template/shapes';
import { useTemplateEditor } from './template/useTemplateEditor';
import { useScanExam } from './useScanExam';

const ZOOMS = [{ value: 0, label: '整页' }, { value: 1, label: '适应宽度' }, { value: 2, label: '放大' }];

function Editor({ examSubjectId, courseName }: { examSubjectId: number; courseName: string }) {
  const ed = useTemplateEditor(examSubjectId, courseName);
  const [zoom, setZoom] = useState(0);
  if (ed.loading) return <Card><Spin /></Card>;
  if (ed.loadError) return <Card><Result status="warning" title={ed.loadError} /></Card>;
  const uploadButton = (
    <Upload accept=".jpg,.jpeg,.png,.tif,.tiff,.webp,.pdf" showUploadList={false} beforeUpload={(f) => { void ed.upload(f); return Upload.LIST_IGNORE; }}>
      <Button icon={<UploadOutlined />} loading={ed.uploading}>{ed.blank ? '更换空白答题卡' : '上传空白答题卡'}</Button>
    </Upload>
  );
  return (
    <>
      <Card size="small">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          <Space wrap>
            {ed.saved ? <Tag color="success">已确认模板</Tag> : <Tag>未确认模板</Tag>}
            {ed.saved && <Typography.Text type="secondary">{ed.saved.updatedBy} 于 {fmtTime(ed.saved.updatedAt)} 确认</Typography.Text>}
            {ed.dirty && <Tag color="warning">有未确认的修改</Tag>}
            {ed.snapping && <Tag color="processing">正在对准…</Tag>}
            {ed.imported && <Tag color="blue" data-testid="imported-tag">已导入 {ed.imported.imported} 模板（{ed.imported.fileName}）</Tag>}
          </Space>
          <Space wrap>
            {uploadButton}
            {ed.blank && (
              <Upload accept=".json,.xtmpl,.xml" showUploadList={false} beforeUpload={(f) => { void ed.importFile(f); return Upload.LIST_IGNORE; }}>
                <Button icon={<ImportOutlined />} loading={ed.importing} data-testid="import-template">导入模板文件</Button>
              </Upload>
            )}
            <Button type="primary" icon={<CheckOutlined />} loading={ed.saving} disabled={!ed.blank || ed.errors.length > 0 || !ed.dirty} onClick={() => void ed.confirm()}>确认模板</Button>
          </Space>
        </div>
      </Card>
      {!ed.blank ? (
        <Card><Empty description="其他厂商的答题卡：上传一张未作答的空白答题卡扫描件（图片或 PDF），在上面框选定位点、考号、缺考标记、客观题和主观题区域。">{uploadButton}</Empty></Card>
      ) : (
        <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Card size="small" style={{ flex: '3 1 560px', minWidth: 0 }}
            title={(
              <Space wrap>
                {TOOLS.map((t) => (
                  <Button key={t.kind} size="small" type={ed.tool === t.kind ? 'primary' : 'default'} title={t.hint}
                    style={ed.tool === t.kind ? { background: t.color, borderColor: t.color } : { color: t.color, borderColor: t.color }}
                    onClick={() => ed.setTool(ed.tool === t.kind ? null : t.kind)}>{t.label}</Button>
                ))}
              </Space>
            )}
            extra={<Segmented size="small" value={zoom} onChange={(v) => setZoom(Number(v))} options={ZOOMS} />}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="tool-hint">
              {ed.tool ? `${toolOf(ed.tool).hint}：在图上拖动框选（单击放置默认大小），框住即可，松开后自动对准印刷的标记和涂点` : '选择上方的区域类型后在图上框选；点击已有区域可拖动、调整大小或修改属性。也可导入 OMRChecker（template.json）或 FormScanner（.xtmpl）的模板文件。'}
            </Typography.Paragraph>
            {!ed.imported && <AnchorWarning count={ed.shapes.filter((x) => x.kind === 'anchor').length} />}
            <TemplateCanvas ed={ed} zoom={zoom} />
          </Card>
          <div style={{ flex: '1 1 260px', maxWidth: 340, minWidth: 240, display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Card size="small" title="区域属性"><ShapeForm shape={ed.selected} onChange={(p, snapAfter) => ed.selected && ed.update(ed.selected.id, p, snapAfter)} onRemove={() => ed.selected && ed.remove(ed.selected.id)} /></Card>
            <Card size="small" title={`已框选（${ed.shapes.length}）`}>
              <List size="small" dataSource={ed.shapes} locale={{ emptyText: '尚未框选' }} style={{ maxHeight: 240, overflow: 'auto' }}
                renderItem={(s) => (
                  <List.Item onClick={() => ed.select(s.id)} style={{ cursor: 'pointer', background: ed.selected?.id === s.id ? '#e6f4ff' : undefined, paddingInline: 8 }}>
                    <span style={{ color: toolOf(s.kind).color }}>{shapeLabel(s)}</span>
                  </List.Item>
                )} />
            </Card>
            {ed.imported
              ? <Alert type="success" showIcon message="按导入的模板识别" data-testid="imported-note"
                description={<>图上为导入模板的定位点和涂点位置。{ed.imported.warnings.map((w) => <div key={w}>{w}</div>)}在图上框选将改为手工绘制的模板。</>} />
              : ed.errors.length > 0
              ? <Alert type="warning" showIcon message="确认前请完成" data-testid="template-errors" description={<ul style={{ margin: 0, paddingLeft: 18 }}>{ed.errors.map((e) => <li key={e}>{e}</li>)}</ul>} />
              : <Alert type="success" showIcon message="模板完整，可以确认" />}
          </div>
        </div>
      )}
    </>
  );
}

/**
 * Before confirm: recognition places the page on a scan by its anchors (position, skew and scale need at least 3),
 * so fewer than 3 is named for what it breaks; the editor asks for all 4 corners (templateFromDrawing).
 */
function AnchorWarning({ count }: { count: number }) {
  if (count >= 4) return null;
  return count < 3
    ? <Alert type="error" showIcon style={{ marginBottom: 8 }} data-testid="anchor-warning" message={`定位点不足：已框选 ${count} 个，少于 3 个定位点时识别无法确定答题卡的位置`}
      description="识别时靠定位点确定答题卡在扫描图上的位置、倾斜和缩放。请框选答题卡四角的黑色定位块（四角各一个）后再确认模板。" />
    : <Alert type="warning" showIcon style={{ marginBottom: 8 }} data-testid="anchor-warning" message="已框选 3 个定位点：还需框选第 4 个角的定位块（四角各一个）才能确认模板。" />;
}

/** /examDetailsEdit/templateConfirm (模板确认): draw the template of another vendor's card over its blank scan. */
export default function TemplateConfirm() {
  useFeedback();
  const scan = useScanExam();
  return (
    <ScanFrame scan={scan} title="模板确认">
      {(id) => <Editor key={id} examSubjectId={id} courseName={scan.subject?.courseName ?? ''} />}
    </ScanFrame>
  );
}
