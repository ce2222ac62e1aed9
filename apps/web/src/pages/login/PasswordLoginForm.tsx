import { Button, Form, Input, type FormInstance } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';

export interface PasswordLoginFormProps<T> {
  form?: FormInstance<T>;
  /** Field name of the account (loginId / username) and its label, placeholder and required message. */
  idName: string;
  idLabel: string;
  idPlaceholder: string;
  idRequiredMessage: string;
  loading: boolean;
  onFinish: (values: T) => void;
}

/** Account + password + 登录: the form of the teacher, student and administrator login pages. */
export function PasswordLoginForm<T>({ form, idName, idLabel, idPlaceholder, idRequiredMessage, loading, onFinish }: PasswordLoginFormProps<T>) {
  return (
    <Form form={form} layout="vertical" requiredMark={false} autoComplete="on" onFinish={onFinish}>
      <Form.Item label={idLabel} name={idName} rules={[{ required: true, whitespace: true, message: idRequiredMessage }]}>
        <Input size="large" prefix={<UserOutlined />} placeholder={idPlaceholder} autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password size="large" prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" loading={loading}>登录</Button>
    </Form>
  );
}
