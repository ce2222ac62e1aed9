import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Spin, Typography, message } from 'antd';
import { MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { CodeField } from '@/components/CodeField';
import { Link } from 'react-router-dom';
import { getLoginOptions, phoneLogin, sendPhoneCode, type LoginOptions } from '@/api/externalLogin';
import { useCountdown } from '@/hooks/useCountdown';
import { isTimeoutError } from '@/utils/request';
import { LoginShell } from './LoginShell';
import { useFinishLogin } from './useFinishLogin';

const PHONE = /^1[3-9]\d{9}$/;

/** /otherLogin: phone-code login, and the way to WeChat QR login; each says when its provider is not configured. */
export default function OtherLoginPage() {
  const [options, setOptions] = useState<LoginOptions | null>(null);
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [sending, setSending] = useState(false);
  const [loading, setLoading] = useState(false);
  const countdown = useCountdown(60);
  const finish = useFinishLogin();

  useEffect(() => {
    getLoginOptions().then((r) => setOptions(r.data ?? { sms: false, wechat: false })).catch(() => setOptions({ sms: false, wechat: false }));
  }, []);

  const send = async () => {
    if (countdown.running || sending) return;
    let phone: string;
    try { phone = (await form.validateFields(['phone'])).phone.trim(); } catch { return; }
    setSending(true);
    try {
      const r = await sendPhoneCode(phone);
      if (r.code === 200) { message.success('已发送验证码'); countdown.start(); } else message.warning(r.msg);
    } catch (e) {
      message.error(isTimeoutError(e) ? '请求超时，请检查网络连接' : '发送失败，请稍后重试');
    } finally { setSending(false); }
  };

  const submit = async (v: { phone: string; code: string }) => {
    setLoading(true);
    try { await finish(await phoneLogin({ phone: v.phone.trim(), code: v.code.trim() })); } catch { message.error('登录失败，请检查网络连接'); } finally { setLoading(false); }
  };

  return (
    <LoginShell>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>其他方式登录</Typography.Title>
      {!options ? <Spin /> : (
        <>
          <Typography.Title level={5}>手机验证码登录</Typography.Title>
          {!options.sms && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="短信登录未配置" description="学校尚未开通短信服务，请使用账号密码或邮箱验证码登录。" />}
          <Form form={form} layout="vertical" requiredMark={false} autoComplete="off" onFinish={submit} disabled={!options.sms}>
            <Form.Item label="手机号" name="phone" validateTrigger="onBlur" rules={[{ required: true, whitespace: true, message: '请输入手机号' }, { pattern: PHONE, message: '手机号格式不正确' }]}>
              <Input size="large" prefix={<MobileOutlined />} placeholder="请输入已绑定的手机号" maxLength={11} />
            </Form.Item>
            <CodeField onSend={send} waiting={countdown.running} sending={sending} disabled={!options.sms} buttonText={countdown.label('发送验证码')} />
            <Button type="primary" size="large" block htmlType="submit" loading={loading}>登录</Button>
          </Form>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/wechatLogin"><WechatOutlined /> 微信扫码登录{options.wechat ? '' : '（未配置）'}</Link>
          </div>
        </>
      )}
      <div className="jz-login-links"><Link to="/login">账号密码登录</Link><Link to="/studentLogin">学生登录</Link></div>
    </LoginShell>
  );
}
