import { useRef, type ReactNode } from 'react';
import { Button, Layout } from 'antd';
import { useNavigate } from 'react-router-dom';
import { studentLogout } from '@/api/auth';
import { DefaultLogo } from '@/components/DefaultLogo';
import { AppFooter } from '@/layouts/AppFooter';
import { studentTokenStore } from '@/utils/request';
import './student.css';

/** The student pages' frame: brand, 退出登录, one centred column that fits a phone. */
export function StudentShell({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  const navigate = useNavigate();
  const leaving = useRef(false);
  const logout = async () => {
    if (leaving.current) return;
    leaving.current = true;
    try { await studentLogout(); } catch { /* ignored */ }
    studentTokenStore.clear();
    navigate('/studentLogin', { replace: true });
  };
  return (
    <Layout className="jz-layout jz-student">
      <Layout.Header className="jz-header">
        <div className="jz-brand" role="link" tabIndex={0} style={{ cursor: 'pointer' }} onClick={() => navigate('/student/home')}
          onKeyDown={(e) => { if (e.key === 'Enter') navigate('/student/home'); }}>
          <DefaultLogo size={32} />
          <span className="jz-brand-title">大数据精准教学诊断平台</span>
          <span className="jz-brand-sub">学生中心</span>
        </div>
        <div style={{ flex: 1 }} />
        {extra}
        <Button onClick={logout}>退出登录</Button>
      </Layout.Header>
      <main className="jz-student-main">{children}</main>
      <AppFooter />
    </Layout>
  );
}
