import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Skeleton, Switch, Typography, message } from 'antd';
import { getStudentRankSetting, saveStudentRankSetting, type StudentRankSetting } from '@/api/student';

/**
 * 学生端 tab of 任课与权限管理: which ranks the school's students see in the student portal and on the score slip
 * they download. The server enforces it (a hidden rank is never sent to a student).
 */
export function StudentRankSettings({ canEdit }: { canEdit: boolean }) {
  const [form] = Form.useForm<StudentRankSetting>();
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getStudentRankSetting().then((res) => {
      if (res.code === 200 && res.data) { form.setFieldsValue(res.data); setLoaded(true); } else setError(res.msg || '获取设置失败');
    }).catch(() => setError('获取设置失败，请检查网络连接'));
  }, [form]);

  const save = async (v: StudentRankSetting) => {
    setSaving(true);
    try {
      const res = await saveStudentRankSetting(v);
      if (res.code === 200) message.success('保存成功'); else message.error(res.msg || '保存失败');
    } catch { message.error('保存失败，请检查网络连接'); } finally { setSaving(false); }
  };

  if (error) return <Alert type="error" showIcon title={error} />;
  if (!loaded) return <Skeleton active />;
  return (
    <Card title="学生端排名显示" size="small" data-testid="student-rank-settings">
      <Typography.Paragraph type="secondary">学生登录后查看本人成绩与下载成绩单时，是否显示排名。关闭后学生端不再提供该排名（含与上次考试的名次变化）。</Typography.Paragraph>
      <Form form={form} layout="horizontal" onFinish={save} disabled={!canEdit}>
        <Form.Item name="showClassRank" label="显示班级排名" valuePropName="checked"><Switch /></Form.Item>
        <Form.Item name="showGradeRank" label="显示年级排名" valuePropName="checked"><Switch /></Form.Item>
        {canEdit && <Button type="primary" htmlType="submit" loading={saving}>保存</Button>}
      </Form>
    </Card>
  );
}
