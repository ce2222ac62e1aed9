import { Button, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { GRID_LIMITS, shapeLabel, type DrawnShape } from '@jz/omr/drawing';
import { toolOf } from './shapes';

const ANCHOR_SHAPES = { solid: '定位块', ring: '圆环定位标记', bracket: '直角定位标记' } as const;

/** Properties of the selected shape: position and size, and per kind rows/columns, first question, 多选, 题号. */
export function ShapeForm({ shape, onChange, onRemove }: { shape: DrawnShape | null; onChange: (patch: Partial<DrawnShape>, snapAfter?: boolean) => void; onRemove: () => void }) {
  if (!shape) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击画布上的区域进行编辑" />;
  const num = (label: string, key: string, value: number, opts: { min?: number; max?: number; step?: number } = {}) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber aria-label={label} value={value} min={opts.min ?? 0} max={opts.max} step={opts.step ?? 1} style={{ width: '100%' }}
        onChange={(v) => { if (typeof v === 'number') onChange({ [key]: v } as Partial<DrawnShape>, key === 'rows' || key === 'cols'); }} />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small" data-testid="shape-form">
      <div style={{ fontWeight: 600, color: toolOf(shape.kind).color, marginBottom: 8 }}>{shapeLabel(shape)}</div>
      <Space.Compact block>
        {num('X', 'x', shape.x)}{num('Y', 'y', shape.y)}
      </Space.Compact>
      <Space.Compact block>
        {num('宽', 'w', shape.w, { min: 4 })}{num('高', 'h', shape.h, { min: 4 })}
      </Space.Compact>
      {shape.kind === 'objective' && (
        <>
          {num('起始题号', 'firstQuestion', shape.firstQuestion, { min: 1 })}
          {num('题数（行）', 'rows', shape.rows, { min: 1, max: GRID_LIMITS.rows })}
          {num('选项数（列）', 'cols', shape.cols, { min: 1, max: GRID_LIMITS.cols })}
          <Form.Item style={{ marginBottom: 8 }}><Checkbox checked={shape.multiple} onChange={(e) => onChange({ multiple: e.target.checked } as Partial<DrawnShape>)}>多选题</Checkbox></Form.Item>
        </>
      )}
      {shape.kind === 'admission' && (
        <>
          {num('考号位数（列）', 'cols', shape.cols, { min: 1, max: 20 })}
          {num('每列数字（行）', 'rows', shape.rows, { min: 1, max: 10 })}
        </>
      )}
      {(shape.kind === 'objective' || shape.kind === 'admission') && (shape.bubble
        ? <div data-testid="bubble-measured" style={{ marginBottom: 8, color: '#389e0d' }}>涂点已对准印刷位置：{Math.round(shape.bubble.w)}×{Math.round(shape.bubble.h)} 像素</div>
        : num('涂点留白比例', 'inset', shape.inset, { min: 0, max: 0.45, step: 0.05 }))}
      {shape.kind === 'anchor' && shape.shape && <div style={{ marginBottom: 8, color: '#389e0d' }}>已对准{ANCHOR_SHAPES[shape.shape]}的中心</div>}
      {shape.kind === 'subjective' && (
        <Form.Item label="题号" style={{ marginBottom: 8 }}>
          <Input aria-label="题号" value={shape.label} maxLength={20} placeholder="如 13 或 14-15" onChange={(e) => onChange({ label: e.target.value } as Partial<DrawnShape>)} />
        </Form.Item>
      )}
      <Popconfirm title="删除这个区域？" okText="删除" cancelText="取消" onConfirm={onRemove}>
        <Button danger block icon={<DeleteOutlined />}>删除区域</Button>
      </Popconfirm>
    </Form>
  );
}
