import { useState } from 'react';
import { Button, Form, Input, Steps, Typography, message } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { emailLogin, login, sendLoginEmailCode } from '@/api/auth';
import { EMAIL_PATTERN } from '@/components/BindEmailFormModal';
import { useCountdown } from '@/hooks/useCountdown';
import { encryptPassword } from '@/utils/crypto';
import { SignUpModal } from './SignUpModal';
import { isTimeoutError, type ApiResult } from '@/utils/request';
import { CodeField } from '@/components/CodeField';
import { useFinishLogin } from './useFinishLogin';
import { LoginShell } from './LoginShell';
import { PasswordLoginForm } from '@/pages/login/PasswordLoginForm';

const failText = (e: unknown) => (isTimeoutError(e) ? '请求超时，请检查网络连接' : '登录失败，请检查网络连接');

export default function LoginPage() {
  const location = useLocation();
  const [tab, setTab] = useState<'account' | 'email'>('account');
  const [signingUp, setSigningUp] = useState(false);
  const [accountForm] = Form.useForm<{ loginId: string; password: string }>();
  const [emailForm] = Form.useForm<{ email: string; code: string }>();
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [emailStep, setEmailStep] = useState(0);
  const [done, setDone] = useState(false);
  const countdown = useCountdown(60);

  const finishLogin = useFinishLogin();
  /** Token stored → user info → the page asked for or home. */
  const finish = async (res: ApiResult<{ accessToken: string }>) => {
    const ok = await finishLogin(res, (location.state as { from?: string } | null)?.from);
    if (ok) setDone(true);
    return ok;
  };

  const submitAccount = async () => {
    let v: { loginId: string; password: string };
    try { v = await accountForm.validateFields(); } catch { return; }
    setLoading(true);
    try {
      const password = await encryptPassword(v.password);
      await finish(await login({ loginId: v.loginId.trim(), password }));
    } catch (e) {
      message.error(failText(e));
    } finally {
      setLoading(false);
    }
  };

  const sendCode = async () => {
    if (countdown.running || sending) return;
    let email: string;
    try { email = ((await emailForm.validateFields(['email'])).email ?? '').trim(); } catch { return; }
    setSending(true);
    try {
      const res = await sendLoginEmailCode(email);
      if (res.code === 200) {
        message.success('已发送验证码');
        setCodeSent(true);
        setEmailStep(1);
        countdown.start();
      } else {
        message.warning(typeof res.data === 'string' && res.data ? res.data : res.msg);
      }
    } catch (e) {
      message.error(isTimeoutError(e) ? '请求超时，请检查网络连接' : '发送失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  const submitEmail = async () => {
    let v: { email: string; code: string };
    try { v = await emailForm.validateFields(); } catch { return; }
    setLoading(true);
    setEmailStep(2);
    try {
      const ok = await finish(await emailLogin({ email: v.email.trim(), code: v.code.trim() }));
      if (!ok) setEmailStep(1);
    } catch (e) {
      setEmailStep(1);
      message.error(failText(e));
    } finally {
      setLoading(false);
    }
  };

  const accountPane = (
    <PasswordLoginForm form={accountForm} idName="loginId" idLabel="账号" idPlaceholder="请输入账号" idRequiredMessage="请输入账号"
      loading={loading} onFinish={submitAccount} />
  );

  const emailPane = (
    <>
      <Steps size="small" current={emailStep} status={done ? 'finish' : 'process'} style={{ marginBottom: 20 }}
        items={[{ title: '填写邮箱' }, { title: '输入验证码' }, { title: '登录' }]} />
      <Form form={emailForm} layout="vertical" requiredMark={false} autoComplete="off" onFinish={submitEmail}>
        <Form.Item label="邮箱" name="email" validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: '请输入邮箱号' }, { pattern: EMAIL_PATTERN, message: '该邮箱不存在' }]}>
          <Input size="large" prefix={<MailOutlined />} placeholder="请输入邮箱号" maxLength={100} />
        </Form.Item>
        <CodeField onSend={sendCode} waiting={countdown.running} sending={sending} buttonText={countdown.label(codeSent ? '重新获取' : '发送验证码')} />
        <Button type="primary" size="large" block htmlType="submit" loading={loading}>登录</Button>
      </Form>
    </>
  );

  return (
    <LoginShell>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>欢迎登录</Typography.Title>
      {/* A tab switch of its own: antd's tab panels are labelled by their tab (账号登录), which would make the
          field label 账号 ambiguous; the panes here carry only their fields' labels. */}
      <div className="jz-login-tabs" role="tablist">
        {([['account', '账号登录'], ['email', '邮箱验证码登录']] as const).map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'active' : ''} onClick={() => setTab(k)}>
            {label}
          </button>
        ))}
      </div>
      <div hidden={tab !== 'account'}>{accountPane}</div>
      <div hidden={tab !== 'email'}>{emailPane}</div>
      <div className="jz-login-links">
        <Link to="/studentLogin">学生登录</Link>
        <Link to="/otherLogin">其他方式登录</Link>
        <Link to="/admin/login">管理员登录</Link>
        <a role="button" tabIndex={0} onClick={() => setSigningUp(true)} onKeyDown={(e) => { if (e.key === 'Enter') setSigningUp(true); }}>教师注册</a>
      </div>
      {signingUp && <SignUpModal onClose={() => setSigningUp(false)} />}
    </LoginShell>
  );
}
