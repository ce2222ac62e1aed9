import { useState } from 'react';
import { Button, Form, Input, Typography, message } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { adminLogin, adminMe } from '@/api/auth';
import { LoginShell } from '@/pages/login/LoginShell';
import { encryptPassword } from '@/utils/crypto';
import { adminTokenStore, isTimeoutError } from '@/utils/request';

/** /admin/login: the platform administrator; the token goes into a cookie expiring at the next local midnight. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<{ username: string; password: string }>();
  const [loading, setLoading] = useState(false);

  const submit = async (v: { username: string; password: string }) => {
    setLoading(true);
    try {
      const password = await encryptPassword(v.password);
      const res = await adminLogin({ username: v.username.trim(), password });
      if (res.code !== 200 || !res.data?.accessToken) {
        // the admin client already shows msg of code ≥ 400 for 5 s
        if (res.code < 400) message.error(res.msg || '登录失败');
        return;
      }
      adminTokenStore.set(res.data.accessToken);
      adminTokenStore.setUser({ username: v.username.trim() });
      try {
        const me = await adminMe();
        if (me.code === 200 && me.data) {
          adminTokenStore.setUser({ id: me.data.id, username: me.data.username ?? v.username.trim(), userName: me.data.userName ?? me.data.name });
        }
      } catch {
        // the name is shown from the cookie set above
      }
      navigate('/adminInfo', { replace: true });
    } catch (e) {
      message.error(isTimeoutError(e) ? '请求超时，请检查网络连接' : '登录失败，请检查网络连接');
    } finally {
      setLoading(false);
    }
  };

  return (
    <LoginShell subtitle="平台管理中心">
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0, marginBottom: 24 }}>管理员登录</Typography.Title>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input size="large" prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password size="large" prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Button type="primary" size="large" block htmlType="submit" loading={loading}>登录</Button>
      </Form>
      <div className="jz-login-links">
        <Link to="/login">教师登录</Link>
        <Link to="/studentLogin">学生登录</Link>
      </div>
    </LoginShell>
  );
}
