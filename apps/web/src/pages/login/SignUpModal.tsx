import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { signUp } from '@/api/sign-up';
import { encryptPassword } from '@/utils/crypto';

type Fields = { registrationCode: string; loginId: string; name: string; phone?: string; password: string; confirmPassword: string };

/** 教师注册: the school's registration code and the new account; the school approves the request before any login. */
export function SignUpModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [doneFor, setDoneFor] = useState('');
  const submit = async (v: Fields) => {
    setSending(true);
    setError('');
    try {
      const r = await signUp({ registrationCode: v.registrationCode, loginId: v.loginId, name: v.name, phone: v.phone ?? '',
        password: await encryptPassword(v.password), confirmPassword: await encryptPassword(v.confirmPassword) });
      if (r.code === 200) setDoneFor(r.data.schoolName); else setError(r.msg);
    } catch { setError('提交失败，请检查网络连接'); } finally { setSending(false); }
  };
  return (
    <Modal title="教师注册" open onCancel={onClose} maskClosable={false} footer={null} width={460}>
      {doneFor
        ? <><Alert type="success" showIcon title={`注册申请已提交至${doneFor}，请等待学校管理员审核通过后登录。`} /><Button block style={{ marginTop: 16 }} onClick={onClose}>返回登录</Button></>
        : (
          <Form form={form} name="signUp" layout="vertical" onFinish={(v) => void submit(v)}>
            <Form.Item name="registrationCode" label="学校注册码" rules={[{ required: true, whitespace: true, message: '请输入学校注册码' }]} extra="向学校管理员索取">
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="loginId" label="登录账号" rules={[{ required: true, message: '请输入登录账号' }, { pattern: /^[A-Za-z0-9_.@-]{3,40}$/, message: '登录账号为 3–40 位字母、数字或 _ . @ -' }]}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}><Input maxLength={30} /></Form.Item>
            <Form.Item name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}><Input maxLength={11} /></Form.Item>
            <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}><Input.Password maxLength={64} /></Form.Item>
            <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={[{ required: true, message: '请再次输入密码' },
              ({ getFieldValue }) => ({ validator: (_, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入密码不一致'))) })]}>
              <Input.Password maxLength={64} />
            </Form.Item>
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
            <Button type="primary" htmlType="submit" block loading={sending}>提交注册申请</Button>
          </Form>
        )}
    </Modal>
  );
}
