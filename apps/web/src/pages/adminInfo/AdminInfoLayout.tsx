import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Layout, Menu, Spin } from 'antd';
import { HomeOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';

/** Admin-centre menu (docs/PRODUCT.md §2 /adminInfo children); 'content' is the home page's second path. */
export const ADMIN_INFO_MENU = [
  { key: 'homePage', label: '首页', icon: <HomeOutlined /> },
  { key: 'userPersion', label: '用户管理', icon: <UserOutlined /> },
  { key: 'permissionManagement', label: '角色管理', icon: <SafetyOutlined /> },
  { key: 'mailOutbox', label: '发件箱', icon: <MailOutlined /> },
];

/** /adminInfo: left menu of the administrator centre + the child page. */
export default function AdminInfoLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const segments = location.pathname.split('/').filter(Boolean);
  const idx = segments.indexOf('adminInfo');
  const child = (idx >= 0 ? segments[idx + 1] : undefined) ?? 'homePage';
  const active = child === 'content' ? 'homePage' : child;
  return (
    <Layout style={{ minHeight: 'calc(100vh - 64px)', background: 'transparent' }}>
      <Layout.Sider width={200} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 24px', fontWeight: 600, fontSize: 16 }}>管理中心</div>
        <Menu
          mode="inline"
          aria-label="管理中心菜单"
          selectedKeys={[active]}
          items={ADMIN_INFO_MENU}
          onClick={({ key }) => navigate(`/adminInfo/${key}`)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout.Content style={{ padding: 16, minWidth: 0 }}>
        <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
