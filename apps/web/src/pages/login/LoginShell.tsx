import type { ReactNode } from 'react';
import { Card } from 'antd';
import { AppFooter } from '@/layouts/AppFooter';
import { SchoolLogo } from '@/layouts/SchoolLogo';

/** Background, brand line, intro and footer shared by the login pages. */
export function LoginShell({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  return (
    <div className="jz-login">
      <div className="jz-login-top">
        <SchoolLogo size={40} />
        <span className="jz-brand-title">大数据精准教学诊断平台</span>
      </div>
      <div className="jz-login-body">
        <div className="jz-login-intro">
          <h1>{subtitle ?? '精准教学 · 数据驱动'}</h1>
          <p>扫描阅卷、成绩发布与多维度学情分析，一站式服务学校教学诊断。</p>
        </div>
        <Card className="jz-login-card" variant="borderless">{children}</Card>
      </div>
      <AppFooter dark />
    </div>
  );
}

export default LoginShell;
