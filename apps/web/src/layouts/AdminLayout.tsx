import { useEffect, useState } from 'react';
import { Avatar, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { adminMe } from '@/api/auth';
import { ContentOutlet } from '@/components/ContentOutlet';
import { DefaultLogo } from '@/components/DefaultLogo';
import { useAdminLogout } from '@/hooks/useLogout';
import { adminTokenStore } from '@/utils/request';
import { ADMIN_INFO_ITEMS } from '@/router/sections';
import { AppFooter } from './AppFooter';

/** Administrator centre: header with the admin's name and 退出登录, left menu, page. */
export default function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useAdminLogout();
  const [name, setName] = useState<string>(() => {
    const u = adminTokenStore.getUser();
    return String(u?.userName ?? u?.username ?? '');
  });

  useEffect(() => {
    let alive = true;
    adminMe().then((res) => {
      if (!alive || res.code !== 200 || !res.data) return;
      const u = res.data;
      adminTokenStore.setUser({ id: u.id, username: u.username ?? u.loginId, userName: u.userName ?? u.name });
      setName(String(u.userName ?? u.name ?? u.username ?? ''));
    }).catch(() => undefined);
    return () => { alive = false; };
  }, []);

  const items: MenuProps['items'] = ADMIN_INFO_ITEMS.filter((i) => !i.hidden).map((i) => ({ key: `/adminInfo/${i.path}`, label: i.title }));
  const selected = location.pathname === '/adminInfo/content' ? '/adminInfo/homePage' : location.pathname;

  return (
    <Layout className="jz-layout">
      <Layout.Header className="jz-header">
        <div className="jz-brand">
          <DefaultLogo />
          <span className="jz-brand-title">大数据精准教学诊断平台</span>
          <span className="jz-brand-sub">管理中心</span>
        </div>
        <div style={{ flex: 1 }} />
        <Dropdown menu={{ items: [{ key: 'logout', label: '退出登录' }], onClick: () => void logout() }} trigger={['hover', 'click']} placement="bottomRight">
          <button type="button" className="jz-user" aria-label="用户菜单">
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1677ff' }} />
            <span className="jz-user-name">{name || '管理员'}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </Layout.Header>
      <Layout.Content className="jz-content">
        <div className="jz-section">
          <aside className="jz-section-side">
            <Menu mode="inline" items={items} selectedKeys={[selected]} style={{ borderInlineEnd: 'none' }}
              onClick={({ key }) => { if (key !== location.pathname) navigate(key); }} />
          </aside>
          <main className="jz-section-main">
            <ContentOutlet />
          </main>
        </div>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
