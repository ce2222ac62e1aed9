import { useEffect, useState } from 'react';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { wechatQrAuthorize, wechatQrUserInfo, type QrAuthorize } from '@/api/externalLogin';
import { usePolling } from '@/hooks/usePolling';
import { LoginShell } from './LoginShell';
import { useFinishLogin } from './useFinishLogin';

/**
 * /wechatLogin: opens WeChat's QR page; WeChat calls the api back, which sends the browser here with ?state=…;
 * the page then asks for the outcome and logs in. Without a configured WeChat app it says so.
 */
export default function WechatLoginPage() {
  const [params] = useSearchParams();
  const state = params.get('state');
  const [qr, setQr] = useState<QrAuthorize | null>(null);
  const [problem, setProblem] = useState<string | null>(params.get('error') === 'expired' ? '二维码已过期或已使用，请重新扫码' : null);
  const finish = useFinishLogin();

  useEffect(() => {
    if (state || problem) return;
    wechatQrAuthorize().then((r) => (r.code === 200 ? setQr(r.data) : setProblem(r.msg))).catch(() => setProblem('请求失败，请检查网络连接'));
  }, [state, problem]);

  // every 2 s while the scan is waiting; a failed request shows the problem and stops
  const { start } = usePolling(async (isCurrent) => {
    if (!state) return false;
    const r = await wechatQrUserInfo(state).catch(() => null);
    if (!isCurrent()) return false;
    if (!r || r.code !== 200) { setProblem(r?.msg ?? '请求失败，请检查网络连接'); return false; }
    if (r.data.status === 'waiting') return true;
    if (r.data.status === 'done' && r.data.accessToken) { await finish(r); return false; }
    setProblem(r.data.message ?? '微信登录失败，请重试');
    return false;
  }, { interval: 2000 });
  useEffect(() => { if (state) start(true); }, [state, start]);

  return (
    <LoginShell>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}><WechatOutlined style={{ color: '#07c160' }} /> 微信扫码登录</Typography.Title>
      {problem ? (
        <Alert type="warning" showIcon title={problem} />
      ) : state ? (
        <Result icon={<Spin size="large" />} title="正在确认微信授权…" />
      ) : qr ? (
        <div style={{ textAlign: 'center' }}>
          <Typography.Paragraph>点击下方按钮打开微信扫码页面，用已绑定账号的微信扫码并确认。</Typography.Paragraph>
          <Button type="primary" size="large" icon={<WechatOutlined />} href={qr.url}>打开微信扫码</Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>二维码 {Math.round(qr.expiresInSeconds / 60)} 分钟内有效。尚未绑定？请用账号密码登录后在个人中心绑定微信。</Typography.Paragraph>
        </div>
      ) : <Spin />}
      <div className="jz-login-links"><Link to="/login">账号密码登录</Link><Link to="/otherLogin">其他方式登录</Link></div>
    </LoginShell>
  );
}
