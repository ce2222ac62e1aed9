import { Button, Form, Input, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';

export interface CodeFieldProps {
  onSend: () => void;
  /** The countdown's label for the button (useCountdown().label). */
  buttonText: string;
  waiting: boolean;
  sending?: boolean;
  disabled?: boolean;
  size?: 'large' | 'middle';
}

/** 验证码 field with its send button that turns into the resend countdown (email and SMS codes). */
export function CodeField({ onSend, buttonText, waiting, sending, disabled, size = 'large' }: CodeFieldProps) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <Input size={size} prefix={<SafetyOutlined />} placeholder="请输入验证码" aria-label="验证码" maxLength={10} />
        </Form.Item>
        <Button size={size} onClick={onSend} disabled={disabled || waiting} loading={sending} style={{ minWidth: 132 }}>{buttonText}</Button>
      </Space.Compact>
    </Form.Item>
  );
}
