import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Steps, Typography, message } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { bindEmail, sendBindEmailCode } from '@/api/auth';
import { useCountdown } from '@/hooks/useCountdown';
import { isTimeoutError } from '@/utils/request';

/** The usual e-mail address pattern (docs/PRODUCT.md §5: otherwise 该邮箱不存在). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export interface BindEmailFormModalProps {
  open: boolean;
  onClose: () => void;
  /** The user whose e-mail is bound (sent with the code request). */
  userId: number | string;
  /** Called when 完成 is pressed after success (default: reload the page). */
  onFinish?: () => void;
}

/** Bind-email form: email + verification code (60 s resend countdown) → 绑定邮箱 → 恭喜你，邮箱绑定成功！ */
export function BindEmailFormModal({ open, onClose, userId, onFinish }: BindEmailFormModalProps) {
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const countdown = useCountdown(60);

  useEffect(() => { if (open) setStep(0); }, [open]);

  const sendCode = async () => {
    if (countdown.running || sending) return;
    let email: string;
    try { email = ((await form.validateFields(['email'])).email ?? '').trim(); } catch { return; }
    setSending(true);
    try {
      const res = await sendBindEmailCode({ email, userId });
      if (res.code === 200) {
        message.success('已发送验证码');
        countdown.start();
      } else if (res.code !== 401) {
        message.warning(typeof res.data === 'string' && res.data ? res.data : res.msg);
      }
    } catch (e) {
      message.error(isTimeoutError(e) ? '请求超时，请检查网络连接' : '发送失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    let v: { email: string; code: string };
    try { v = await form.validateFields(); } catch { return; }
    setBinding(true);
    try {
      const res = await bindEmail({ email: v.email.trim(), code: v.code.trim() });
      if (res.code === 200) {
        setStep(1);
        countdown.stop();
      } else if (res.code !== 401) {
        form.setFields([{ name: 'code', errors: [res.msg || '绑定失败'] }]);
      }
    } catch (e) {
      if (isTimeoutError(e)) message.error('请求超时，请检查网络连接');
      else message.error('绑定失败，请稍后重试');
    } finally {
      setBinding(false);
    }
  };

  const close = () => { form.resetFields(); setStep(0); onClose(); };
  const finish = () => {
    close();
    if (onFinish) onFinish(); else window.location.reload();
  };

  return (
    <Modal title="绑定邮箱" open={open} onCancel={step === 1 ? finish : close} footer={null} maskClosable={false} width={520}>
      <Steps
        size="small"
        current={step}
        status={step === 0 ? 'process' : 'finish'}
        style={{ margin: '16px 0 24px' }}
        items={[{ title: '填写邮箱与验证码' }, { title: '绑定成功' }]}
      />
      {step === 0 ? (
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} autoComplete="off">
          <Form.Item label="邮箱" name="email" validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: '请输入邮箱号' }, { pattern: EMAIL_PATTERN, message: '该邮箱不存在' }]}>
            <Input placeholder="请输入邮箱号" aria-label="邮箱" maxLength={100} />
          </Form.Item>
          <Form.Item label="验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
                <Input placeholder="请输入验证码" aria-label="验证码" maxLength={10} onPressEnter={submit} />
              </Form.Item>
              <Button onClick={sendCode} disabled={countdown.running} loading={sending} style={{ minWidth: 128 }}>
                {countdown.label('发送验证码')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5, span: 18 }} style={{ marginBottom: 0 }}>
            <Button type="primary" block onClick={submit} loading={binding}>绑定邮箱</Button>
          </Form.Item>
        </Form>
      ) : (
        <div style={{ textAlign: 'center', padding: '8px 0 16px' }}>
          <CheckCircleFilled style={{ fontSize: 56, color: '#52c41a' }} />
          <Typography.Title level={4} style={{ margin: '16px 0 24px' }}>恭喜你，邮箱绑定成功！</Typography.Title>
          <Button type="primary" onClick={finish} style={{ minWidth: 120 }}>完成</Button>
        </div>
      )}
    </Modal>
  );
}

export default BindEmailFormModal;
