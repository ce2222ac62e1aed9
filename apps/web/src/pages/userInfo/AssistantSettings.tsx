import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Skeleton, Switch, Typography, message } from 'antd';
import type { AssistantSchoolSetting } from '@jz/shared/api/assistant';
import { findAssistantSchoolSetting, saveAssistantSchoolSetting } from '@/api/assistant';

/** The screen's state: the school's setting as the server has it, the switch as edited, saving. */
function useAssistantSetting() {
  const [setting, setSetting] = useState<AssistantSchoolSetting>();
  const [share, setShare] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const load = () => findAssistantSchoolSetting().then((r) => {
    if (r.code === 200) { setSetting(r.data); setShare(r.data.shareStudentNames); } else setError(r.msg || '获取设置失败');
  }).catch(() => setError('获取设置失败，请检查网络连接'));
  useEffect(() => { void load(); }, []);
  const save = async () => {
    setSaving(true);
    try {
      const r = await saveAssistantSchoolSetting({ shareStudentNames: share });
      if (r.code === 200) { message.success('保存成功'); await load(); } else message.error(r.msg || '保存失败');
    } catch { message.error('保存失败，请检查网络连接'); } finally { setSaving(false); }
  };
  return { setting, share, setShare, error, saving, save };
}

/**
 * AI 助手 tab of 任课与权限管理 (school administrator only; the server refuses anyone else): whether student names may
 * be sent to an outside model provider, and the assistant's quotas with today's use.
 */
export function AssistantSettings() {
  const s = useAssistantSetting();
  if (s.error) return <Alert type="error" showIcon title={s.error} />;
  if (!s.setting) return <Skeleton active />;
  const c = s.setting;
  return (
    <Card title="AI 助手" size="small" data-testid="assistant-settings">
      <Typography.Paragraph type="secondary">
        关闭时，发送给外部 AI 模型服务的问题和报告数据中的学生姓名以“〔学生1〕”等代号代替，老师看到的回答仍显示真实姓名。
        {c.onPremises && ' 本平台配置的模型服务部署在校内，学生姓名不会离开学校，此开关不影响其使用。'}
      </Typography.Paragraph>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <span>允许向外部模型发送学生姓名</span>
        <Switch checked={s.share} onChange={s.setShare} aria-label="允许向外部模型发送学生姓名" />
        <Button type="primary" loading={s.saving} disabled={s.share === c.shareStudentNames} onClick={() => void s.save()}>保存</Button>
      </div>
      <Descriptions size="small" column={1} bordered title="模型服务与次数限额">
        <Descriptions.Item label="模型服务">{c.providerConfigured ? c.models.join('、') : '未配置（仅离线模式）'}</Descriptions.Item>
        <Descriptions.Item label="本校每日次数">{`${c.schoolDailyLimit} 次（今日已用 ${c.schoolUsedToday} 次）`}</Descriptions.Item>
        <Descriptions.Item label="每位老师每日次数">{`${c.userDailyLimit} 次`}</Descriptions.Item>
        <Descriptions.Item label="每分钟最多">{`${c.perMinuteLimit} 次`}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>限额由平台部署时配置；提问和 AI 撰写的慧教研草稿各计一次。</Typography.Paragraph>
    </Card>
  );
}
