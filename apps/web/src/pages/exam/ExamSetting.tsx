import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Card, Empty, Form, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { ExamSubject } from '@/api/exam';
import { querySettings, rollBackDefault, updateSetting, type SettingFamily, type SettingItem } from '@/api/examSetting';
import { runAction, useFeedback } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { COURSE_LEVEL_FAMILIES, SETTING_FAMILIES, SETTING_FAMILY_NAMES } from './examConstants';
import { FamilyFields, fromForm, toForm } from './settingFields';
import { useCurrentExam } from './useExam';

const SOURCE_TAGS: Record<string, { color: string; text: string }> = {
  default: { color: 'default', text: '默认值' },
  exam: { color: 'blue', text: '考试设置' },
  course: { color: 'purple', text: '科目设置' },
};

/** One tab: the family's form with 保存 and 恢复默认. */
function SettingPanel({ item, subjects, editable, courseCode, onSave, onRollBack }: {
  item: SettingItem; subjects: ExamSubject[]; editable: boolean; courseCode?: string;
  onSave: (family: SettingFamily, value: unknown) => Promise<void>; onRollBack: (family: SettingFamily) => Promise<void>;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { modal } = App.useApp();
  useEffect(() => { form.resetFields(); form.setFieldsValue(toForm(item.family, item.value)); }, [item, form]);
  // an exam-wide value equal to the default shows where that default comes from (the school's, or the platform's)
  const tag = !courseCode && item.isDefault ? { color: 'default', text: item.defaultSource === 'school' ? '学校默认值' : '默认值' } : SOURCE_TAGS[item.source];
  const target = !courseCode && item.defaultSource === 'school' ? '学校默认设置' : '默认值';
  return (
    <Form form={form} name={`setting_${item.family}`} layout="vertical" disabled={!editable}>
      <div style={{ marginBottom: 12 }}>
        <Space>
          <Tag color={tag.color}>{tag.text}</Tag>
          {courseCode && item.source === 'exam' && <Typography.Text type="secondary">该科目沿用整场考试的设置</Typography.Text>}
        </Space>
      </div>
      <FamilyFields family={item.family} subjects={subjects} disabled={!editable} />
      {editable && (
        <Space>
          <Button type="primary" loading={saving} onClick={async () => {
            await form.validateFields();
            setSaving(true);
            await onSave(item.family, fromForm(item.family, form.getFieldsValue(true)));
            setSaving(false);
          }}>保存</Button>
          <Button onClick={() => modal.confirm({
            title: '提示', content: `确认将「${item.familyName}」恢复为${target}吗？`, okText: '确定', cancelText: '取消',
            onOk: () => onRollBack(item.family),
          })}>恢复默认</Button>
        </Space>
      )}
    </Form>
  );
}

/** 考试设置: tabbed analysis settings per family (systemConfig), exam-wide or per subject. */
export default function ExamSetting() {
  useFeedback();
  const { exam } = useCurrentExam();
  const can = usePermission();
  const [courseCode, setCourseCode] = useState<string | undefined>();
  const [items, setItems] = useState<SettingItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [active, setActive] = useState<SettingFamily>('rates');
  const examId = exam?.id;

  const load = useCallback(() => {
    if (!examId) return;
    setLoading(true);
    querySettings(examId, courseCode)
      .then((res) => { if (res.code === 200 && res.data) { setItems(res.data.items); setError(''); } else setError(res.msg || '加载失败'); })
      .catch(() => setError('加载失败，请稍后重试'))
      .finally(() => setLoading(false));
  }, [examId, courseCode]);
  useEffect(load, [load]);

  // Exam-wide settings: exam:exam:edit holders; a subject's settings also its lesson leader (the server decides).
  const editable = !!exam && (can('exam:exam:edit') || !!courseCode);
  const shown = useMemo(() => {
    const families = courseCode ? COURSE_LEVEL_FAMILIES : SETTING_FAMILIES;
    return families.map((f) => items.find((i) => i.family === f)).filter((i): i is SettingItem => !!i);
  }, [items, courseCode]);
  useEffect(() => { if (shown.length && !shown.some((i) => i.family === active)) setActive(shown[0].family); }, [shown, active]);

  if (!exam) return <Card><Spin /></Card>;
  const save = async (family: SettingFamily, value: unknown) => {
    const res = await runAction(updateSetting({ examId: exam.id, courseCode, family, value }), { success: '保存成功' });
    if (res?.data) setItems(res.data.items);
  };
  const rollBack = async (family: SettingFamily) => {
    const res = await runAction(rollBackDefault({ examId: exam.id, courseCode, family }), { success: '已恢复默认' });
    if (res?.data) setItems(res.data.items);
  };

  return (
    <Card size="small" title="考试设置" extra={
      <Space>
        <span>设置范围</span>
        <Select aria-label="设置范围" style={{ width: 180 }} value={courseCode ?? ''} onChange={(v) => setCourseCode(v || undefined)}
          options={[{ value: '', label: '整场考试' }, ...exam.subjects.map((s) => ({ value: s.courseCode, label: `${s.courseName}（科目设置）` }))]} />
      </Space>
    }>
      {courseCode && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="科目设置只包含四率/五率、分数段、临界生范围、学业等级，未单独设置时沿用整场考试的设置。" />}
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} />}
      <Spin spinning={loading}>
        {shown.length ? (
          <Tabs activeKey={active} onChange={(k) => setActive(k as SettingFamily)} tabPosition="left"
            items={shown.map((item) => ({
              key: item.family,
              label: SETTING_FAMILY_NAMES[item.family] ?? item.familyName,
              children: <SettingPanel item={item} subjects={exam.subjects} editable={editable} courseCode={courseCode} onSave={save} onRollBack={rollBack} />,
            }))} />
        ) : !loading && <Empty />}
      </Spin>
    </Card>
  );
}
