import { useState } from 'react';
import { Typography, message } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { studentLogin } from '@/api/auth';
import { LoginShell } from '@/pages/login/LoginShell';
import { PasswordLoginForm } from '@/pages/login/PasswordLoginForm';
import { encryptPassword } from '@/utils/crypto';
import { isTimeoutError, studentTokenStore } from '@/utils/request';

/** /studentLogin: students see their own released reports. */
export default function StudentLoginPage() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  const submit = async (v: { loginId: string; password: string }) => {
    setLoading(true);
    try {
      const password = await encryptPassword(v.password);
      const res = await studentLogin({ loginId: v.loginId.trim(), password });
      if (res.code !== 200 || !res.data?.accessToken) { message.error(res.msg || '登录失败'); return; }
      studentTokenStore.set(res.data.accessToken);
      navigate('/student/home', { replace: true });
    } catch (e) {
      message.error(isTimeoutError(e) ? '请求超时，请检查网络连接' : '登录失败，请检查网络连接');
    } finally {
      setLoading(false);
    }
  };

  return (
    <LoginShell subtitle="学生成绩与报告查询">
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0, marginBottom: 24 }}>学生登录</Typography.Title>
      <PasswordLoginForm idName="loginId" idLabel="账号" idPlaceholder="请输入学号或账号" idRequiredMessage="请输入账号" loading={loading} onFinish={submit} />
      <div className="jz-login-links">
        <Link to="/login">教师登录</Link>
        <Link to="/admin/login">管理员登录</Link>
      </div>
    </LoginShell>
  );
}
