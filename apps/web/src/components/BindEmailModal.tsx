import { useState } from 'react';
import { Button, Modal, Typography, message } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { unbindEmail } from '@/api/auth';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { BindEmailFormModal } from './BindEmailFormModal';

export interface BindEmailModalProps {
  open: boolean;
  onClose: () => void;
  /** The bound e-mail; defaults to the current user's userEmail. */
  email?: string | null;
  /** The user; defaults to the current user's id. */
  userId?: number | string;
}

/**
 * 绑定邮箱 state dialog: a bound address with 解除绑定 (confirm 确认要解绑邮箱?, then 解绑成功！ and reload),
 * or 暂未绑定邮箱 with 立即绑定 (opens the bind-email form dialog).
 */
export function BindEmailModal({ open, onClose, email, userId }: BindEmailModalProps) {
  const { user } = useCurrentUser();
  const boundEmail = (email === undefined ? user?.userEmail : email) || '';
  const uid = userId ?? user?.id;
  const [formOpen, setFormOpen] = useState(false);
  const [modal, holder] = Modal.useModal();

  const unbind = () => {
    if (uid === undefined) return;
    modal.confirm({
      title: '提示',
      content: '确认要解绑邮箱?',
      okText: '确定',
      cancelText: '取消',
      maskClosable: false,
      onOk: async () => {
        try {
          const res = await unbindEmail([uid]);
          if (res.code === 200) {
            message.success('解绑成功！');
            onClose();
            setTimeout(() => window.location.reload(), 1000);
          } else if (res.code !== 401) {
            message.error(res.msg || '解绑失败');
          }
        } catch {
          message.error('解绑失败');
        }
      },
    });
  };

  return (
    <>
      {holder}
      <Modal title="绑定邮箱" open={open && !formOpen} onCancel={onClose} footer={null} maskClosable={false} width={480}>
        <div style={{ textAlign: 'center', padding: '24px 0 8px' }}>
          <MailOutlined style={{ fontSize: 40, color: '#1677ff' }} />
          {boundEmail ? (
            <>
              <Typography.Paragraph style={{ fontSize: 16, margin: '16px 0 24px' }}>{boundEmail}</Typography.Paragraph>
              <Button danger onClick={unbind}>解除绑定</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary" style={{ fontSize: 16, margin: '16px 0 24px' }}>暂未绑定邮箱</Typography.Paragraph>
              <Button type="primary" onClick={() => setFormOpen(true)} disabled={uid === undefined}>立即绑定</Button>
            </>
          )}
        </div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 24, marginBottom: 0 }}>
          *每个账号仅允许绑定一个邮箱号，每个邮箱号仅支持绑定一个账号
        </Typography.Paragraph>
      </Modal>
      {uid !== undefined && (
        <BindEmailFormModal open={formOpen} userId={uid} onClose={() => setFormOpen(false)} />
      )}
    </>
  );
}

export default BindEmailModal;
