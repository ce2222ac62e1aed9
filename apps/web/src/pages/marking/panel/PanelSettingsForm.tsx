import { ColorPicker, Form, InputNumber, Radio, Slider, Switch } from 'antd';
import type { PanelSettings } from './panelSettings';

/** The panel settings (spec §3), saved in the browser as they change. */
export function PanelSettingsForm({ settings, onChange }: { settings: PanelSettings; onChange: (p: Partial<PanelSettings>) => void }) {
  const hex = (c: { toHexString: () => string }) => c.toHexString().slice(0, 7).toUpperCase();
  return (
    <Form layout="horizontal" labelCol={{ span: 9 }} style={{ width: 340 }} size="small">
      <Form.Item label="主题色"><ColorPicker value={settings.themeColor} disabledAlpha onChangeComplete={(c) => onChange({ themeColor: hex(c) })} /></Form.Item>
      <Form.Item label="面板背景">
        <Radio.Group value={settings.backGroundType} onChange={(e) => onChange({ backGroundType: e.target.value })}
          options={[{ value: 1, label: '主题色' }, { value: 2, label: '自定义' }]} />
      </Form.Item>
      {settings.backGroundType === 2 && (
        <Form.Item label="背景色"><ColorPicker value={settings.backgroundColor} disabledAlpha onChangeComplete={(c) => onChange({ backgroundColor: hex(c) })} /></Form.Item>
      )}
      <Form.Item label="给分记录"><Switch checked={settings.showAdvancedFeatures === 1} onChange={(v) => onChange({ showAdvancedFeatures: v ? 1 : 0 })} /></Form.Item>
      <Form.Item label="满分/零分"><Switch checked={settings.showAllRight === 1} onChange={(v) => onChange({ showAllRight: v ? 1 : 0 })} /></Form.Item>
      <Form.Item label="给分方式">
        <Radio.Group value={settings.giveScorePanelType} onChange={(e) => onChange({ giveScorePanelType: e.target.value })}
          options={[{ value: 1, label: '按钮' }, { value: 2, label: '键盘输入' }]} />
      </Form.Item>
      <Form.Item label="面板位置">
        <Radio.Group value={settings.panelDerection} onChange={(e) => onChange({ panelDerection: e.target.value })}
          options={[{ value: 1, label: '图片下方' }, { value: 2, label: '图片右侧' }]} />
      </Form.Item>
      <Form.Item label="每行按钮数">
        <InputNumber min={1} max={10} precision={0} value={settings.panelRow} onChange={(v) => v && onChange({ panelRow: v })} />
      </Form.Item>
      <Form.Item label="不透明度">
        <Slider min={0.3} max={1} step={0.05} value={settings.panelTransparency} onChange={(v) => onChange({ panelTransparency: v })} />
      </Form.Item>
    </Form>
  );
}
