import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Layout, Menu, Result, Spin } from 'antd';
import {
  ApartmentOutlined, BookOutlined, CalendarOutlined, IdcardOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined,
} from '@ant-design/icons';
import { usePermissions } from './usePermissions';

interface Entry { key: string; label: string; icon: React.ReactNode; perm?: string[] }

/** Personal-centre menu (docs/PRODUCT.md §2 /userInfo children) and the permission each needs. */
export const USER_INFO_MENU: Entry[] = [
  { key: 'personInfo', label: '个人信息', icon: <UserOutlined /> },
  { key: 'schoolGradeSubject', label: '年级学科', icon: <BookOutlined />, perm: ['school:grade:view'] },
  { key: 'schoolGradeTerm', label: '学年学期', icon: <CalendarOutlined />, perm: ['school:year:view'] },
  { key: 'userManagement', label: '用户管理', icon: <IdcardOutlined />, perm: ['system:user:view'] },
  { key: 'schoolClassStudent', label: '班级学生', icon: <ApartmentOutlined />, perm: ['school:class:view', 'school:student:view'] },
  { key: 'schoolTeachersList', label: '教师管理', icon: <TeamOutlined />, perm: ['school:teacher:view'] },
  { key: 'schoolManaPerson', label: '任课与权限', icon: <SafetyCertificateOutlined />, perm: ['school:duty:view', 'school:permission:view'] },
];

/** /userInfo: left menu of the personal centre + the child page. */
export default function UserInfoLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { has, loaded } = usePermissions();
  const segments = location.pathname.split('/').filter(Boolean);
  const idx = segments.indexOf('userInfo');
  const active = (idx >= 0 ? segments[idx + 1] : segments[segments.length - 1]) || 'personInfo';
  const items = useMemo(() => USER_INFO_MENU.filter((e) => has(e.perm)), [has]);
  const entry = USER_INFO_MENU.find((e) => e.key === active);

  useEffect(() => {
    if (idx >= 0 && !segments[idx + 1]) navigate('/userInfo/personInfo', { replace: true });
  }, [idx, segments.length]); // eslint-disable-line react-hooks/exhaustive-deps

  let content: React.ReactNode = <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}><Outlet /></Suspense>;
  if (entry?.perm && !has(entry.perm)) {
    content = loaded
      ? <Result status="403" title="无权限访问" subTitle="您没有访问该页面的权限，请联系学校管理员。" />
      : <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  }

  return (
    <Layout style={{ minHeight: 'calc(100vh - 64px)', background: 'transparent' }}>
      <Layout.Sider width={200} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 24px', fontWeight: 600, fontSize: 16 }}>个人中心</div>
        <Menu
          mode="inline"
          aria-label="个人中心菜单"
          selectedKeys={[active]}
          items={items.map((e) => ({ key: e.key, icon: e.icon, label: e.label }))}
          onClick={({ key }) => navigate(`/userInfo/${key}`)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout.Content style={{ padding: 16, minWidth: 0 }}>{content}</Layout.Content>
    </Layout>
  );
}
