import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Form, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { formatTimestamp } from '@jz/shared';
import type { SchoolSettingItem, SettingFamily } from '@/api/examSetting';
import { useFeedback } from '@/components/table';
import { FamilyFields, fromForm, toForm } from '../exam/settingFields';
import { useSchoolSettings } from './useSchoolSettings';

/** One family: its form, who changed it last, 保存 and 恢复平台默认. */
function DefaultPanel({ item, editable, onSave, onRollBack }: {
  item: SchoolSettingItem; editable: boolean; onSave: (f: SettingFamily, v: unknown) => Promise<void>; onRollBack: (f: SettingFamily) => Promise<void>;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { modal } = App.useApp();
  useEffect(() => { form.resetFields(); form.setFieldsValue(toForm(item.family, item.value)); }, [item, form]);
  return (
    <Form form={form} name={`school_${item.family}`} layout="vertical" disabled={!editable} data-testid={`school-setting-${item.family}`}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Tag color={item.isDefault ? 'default' : 'blue'}>{item.isDefault ? '平台默认' : '学校设置'}</Tag>
        {item.updatedAt && <Typography.Text type="secondary">{item.updatedByName ?? ''} 于 {formatTimestamp(item.updatedAt, 'YYYY-MM-DD HH:mm')} 修改</Typography.Text>}
      </Space>
      <FamilyFields family={item.family} subjects={[]} disabled={!editable} />
      {editable && (
        <Space>
          <Button type="primary" loading={saving} onClick={async () => {
            await form.validateFields();
            setSaving(true);
            await onSave(item.family, fromForm(item.family, form.getFieldsValue(true))).finally(() => setSaving(false));
          }}>保存</Button>
          <Button disabled={item.isDefault} onClick={() => modal.confirm({
            title: '提示', content: `确认将「${item.familyName}」恢复为平台默认吗？之后新建的考试将采用平台默认值。`, okText: '确定', cancelText: '取消',
            onOk: () => onRollBack(item.family),
          })}>恢复平台默认</Button>
        </Space>
      )}
    </Form>
  );
}

/**
 * /analyzeManageSystemSettings/systemSetting (学校分析默认设置): the analysis settings every new exam of the school
 * starts with. Read by whoever views exams; changed by the school administrator.
 */
export default function SchoolSystemSetting() {
  useFeedback();
  const { modal } = App.useApp();
  const s = useSchoolSettings();
  const [active, setActive] = useState<string>('rates');
  const editable = !!s.list?.editable;
  return (
    <Card size="small" title="学校分析默认设置" data-testid="school-settings"
      extra={editable && (
        <Button danger disabled={!s.list || s.list.items.every((i) => i.isDefault)} onClick={() => modal.confirm({
          title: '提示', content: '确认将全部学校默认设置恢复为平台默认吗？已建考试的设置不受影响。', okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
          onOk: () => s.resetAll(),
        })}>全部恢复平台默认</Button>
      )}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }}
        message="新建考试时自动采用这里的设置（四率/五率、分数段、名次段、前N名、上线分数线、临界生、学业等级、G组、学生进退步规则）。修改只影响之后新建的考试；已建考试可在“考试设置”中单独调整，其“恢复默认”即恢复为这里的设置。" />
      {!editable && s.list && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="仅学校管理员可以修改学校默认设置。" />}
      {s.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={s.error} />}
      <Spin spinning={s.loading}>
        {s.list && (
          <Tabs activeKey={active} onChange={setActive} tabPosition="left"
            items={s.list.items.map((item) => ({
              key: item.family,
              label: <span>{item.familyName}{!item.isDefault && <Tag color="blue" style={{ marginInlineStart: 6 }}>已设置</Tag>}</span>,
              children: <DefaultPanel item={item} editable={editable} onSave={s.save} onRollBack={s.rollBack} />,
            }))} />
        )}
      </Spin>
    </Card>
  );
}
