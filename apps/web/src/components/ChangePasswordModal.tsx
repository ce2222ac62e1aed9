import { useState } from 'react';
import { Alert, Form, Input, Modal, message } from 'antd';
import { updatePassword } from '@/api/auth';
import { encryptPassword } from '@/utils/crypto';

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after 修改成功. */
  onSuccess?: () => void;
  /** The password was set by someone else: the dialog cannot be closed or cancelled until it is changed. */
  forced?: boolean;
}

interface Fields { oldPassword: string; newPassword: string; confirmNewPassword: string }

/** 修改密码: 原密码 / 新密码 / 确认新密码, all three encrypted (new ones trimmed first). */
export function ChangePasswordModal({ open, onClose, onSuccess, forced = false }: ChangePasswordModalProps) {
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let v: Fields;
    try { v = await form.validateFields(); } catch { return; }
    const newPassword = v.newPassword.trim();
    const confirmNewPassword = v.confirmNewPassword.trim();
    if (newPassword !== confirmNewPassword) { message.warning('两次输入密码不一致'); return; }
    setSaving(true);
    try {
      const [oldEnc, newEnc, confirmEnc] = await Promise.all([
        encryptPassword(v.oldPassword), encryptPassword(newPassword), encryptPassword(confirmNewPassword),
      ]);
      const res = await updatePassword({ oldPassword: oldEnc, newPassword: newEnc, confirmNewPassword: confirmEnc });
      if (res.code === 200) {
        message.success('修改成功');
        form.resetFields();
        onClose();
        onSuccess?.();
      } else if (res.code !== 401) {
        message.error(`修改失败!${res.msg ?? ''}`);
      }
    } catch {
      message.error('修改失败');
    } finally {
      setSaving(false);
    }
  };

  const close = () => { if (forced) return; form.resetFields(); onClose(); };

  return (
    <Modal title="修改密码" open={open} onOk={submit} onCancel={close} okText="确定" cancelText="取消" confirmLoading={saving}
      maskClosable={false} closable={!forced} keyboard={!forced} cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}>
      {forced && <Alert type="warning" showIcon style={{ marginTop: 12 }} title="您的密码由管理员设置或重置，请先修改密码后再继续使用。" />}
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} validateTrigger="onBlur" autoComplete="off" style={{ marginTop: 16 }}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" aria-label="原密码" />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" rules={[{ required: true, message: '请输入新密码' }]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" aria-label="新密码" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmNewPassword" rules={[{ required: true, message: '请输入确认新密码' }]}>
          <Input.Password placeholder="请输入确认新密码" autoComplete="new-password" aria-label="确认新密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default ChangePasswordModal;
