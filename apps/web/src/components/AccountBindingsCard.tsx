import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag, message } from 'antd';
import { MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { bindPhone, bindWechat, findBindings, getLoginOptions, sendBindPhoneCode, unbindWechat, type LoginOptions } from '@/api/externalLogin';
import { useCountdown } from '@/hooks/useCountdown';
import { CodeField } from './CodeField';

/** 手机号与微信: what is bound, binding by SMS code or WeChat scan; says 未配置 where the school has no provider. */
export function AccountBindingsCard() {
  const [options, setOptions] = useState<LoginOptions | null>(null);
  const [bound, setBound] = useState<{ phone: string | null; wechat: boolean } | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const countdown = useCountdown(60);

  const load = async () => {
    const [o, b] = await Promise.all([getLoginOptions(), findBindings()]);
    setOptions(o.data);
    setBound(b.data);
  };
  useEffect(() => { void load(); }, []);

  const send = async () => {
    let phone: string;
    try { phone = (await form.validateFields(['phone'])).phone.trim(); } catch { return; }
    const r = await sendBindPhoneCode(phone);
    if (r.code === 200) { message.success('已发送验证码'); countdown.start(); } else message.warning(r.msg);
  };
  const submitPhone = async () => {
    let v: { phone: string; code: string };
    try { v = await form.validateFields(); } catch { return; }
    const r = await bindPhone({ phone: v.phone.trim(), code: v.code.trim() });
    if (r.code !== 200) { form.setFields([{ name: 'code', errors: [r.msg] }]); return; }
    message.success('绑定成功');
    setPhoneOpen(false);
    void load();
  };
  const startWechat = async () => {
    const r = await bindWechat();
    if (r.code === 200) window.location.href = r.data.url; else message.warning(r.msg);
  };
  const dropWechat = async () => {
    const r = await unbindWechat();
    if (r.code === 200) { message.success('解绑成功'); void load(); } else message.warning(r.msg);
  };

  const off = <Tag>未配置</Tag>;
  return (
    <Card title="手机号与微信" loading={!options || !bound}>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
        <Descriptions.Item label="登录手机号">
          <Space>
            {bound?.phone ?? '未绑定'}
            {options?.sms ? <Button size="small" icon={<MobileOutlined />} onClick={() => setPhoneOpen(true)}>{bound?.phone ? '更换' : '绑定'}</Button> : off}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="微信">
          <Space>
            {bound?.wechat ? '已绑定' : '未绑定'}
            {!options?.wechat ? off : bound?.wechat
              ? <Popconfirm title="提示" description="确认要解绑微信?" onConfirm={dropWechat}><Button size="small">解除绑定</Button></Popconfirm>
              : <Button size="small" icon={<WechatOutlined />} onClick={startWechat}>绑定微信</Button>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Modal title="绑定手机号" open={phoneOpen} onCancel={() => setPhoneOpen(false)} onOk={submitPhone} okText="绑定" maskClosable={false} destroyOnHidden>
        <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
          <Form.Item label="手机号" name="phone" rules={[{ required: true, message: '请输入手机号' }, { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <CodeField size="middle" onSend={send} waiting={countdown.running} buttonText={countdown.label('发送验证码')} />
        </Form>
      </Modal>
    </Card>
  );
}
