import { useEffect, useMemo, useState } from 'react';
import { Avatar, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_MENUS, type MenuItem } from '@jz/shared/roles';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useLogout } from '@/hooks/useLogout';
import { ChangePasswordModal } from '@/components/ChangePasswordModal';
import { BindEmailModal } from '@/components/BindEmailModal';
import { AssistantDrawer } from '@/components/assistant/AssistantDrawer';
import { ContentOutlet } from '@/components/ContentOutlet';
import { PASSWORD_CHANGE_DUE_EVENT } from '@/utils/request';
import { AppFooter } from './AppFooter';
import { SchoolLogo } from './SchoolLogo';

/** The bind-email command exists but is not shown in the user menu (docs/PRODUCT.md §2). */
const SHOW_BIND_EMAIL_COMMAND = false;

const EXAM_SECTIONS = ['examMarking', 'examDetailsEdit', 'examAnalysisMana', 'multidetails', 'schoolAnalysis', 'examMonitor', 'analyzeManageSystemSettings'];

/** Which header group a path belongs to: analysis report paths → analysis, joint-examination paths → joint, exam pages → marking. */
export function menuGroupOf(path: string): string {
  const seg = path.split(/[/?#]/).filter(Boolean)[0] ?? '';
  if (seg.startsWith('analysisReport')) return 'analysisReport';
  if (seg.startsWith('jointExamination')) return 'jointExamination';
  if (EXAM_SECTIONS.includes(seg)) return 'examMarking';
  return seg;
}

/** The header menu item active for a path. */
export function activeMenuPath(pathname: string, menus: MenuItem[]): string | undefined {
  const exact = menus.find((m) => m.path === pathname);
  if (exact) return exact.path;
  const g = menuGroupOf(pathname);
  return menus.find((m) => menuGroupOf(m.path) === g)?.path;
}

/** Header (logo, title, menu, user dropdown) + page + footer. */
export default function MainLayout() {
  const { user, menus: stored, refresh } = useCurrentUser();
  const menus = stored.length ? stored : DEFAULT_MENUS;
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [pwdOpen, setPwdOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  // A password set by someone else (reset, new account) must be changed before the app is used (server code 428).
  const [changeDue, setChangeDue] = useState(false);
  const forced = changeDue || user?.mustChangePassword === true;
  useEffect(() => {
    const onDue = () => setChangeDue(true);
    window.addEventListener(PASSWORD_CHANGE_DUE_EVENT, onDue);
    return () => window.removeEventListener(PASSWORD_CHANGE_DUE_EVENT, onDue);
  }, []);

  // Other pages may ask for the account dialogs by event.
  useEffect(() => {
    const onOpen = (e: Event) => {
      const name = (e as CustomEvent<string>).detail;
      if (name === 'changePassword') setPwdOpen(true);
      else if (name === 'bindEmail') setEmailOpen(true);
    };
    window.addEventListener('jz:open-dialog', onOpen);
    return () => window.removeEventListener('jz:open-dialog', onOpen);
  }, []);

  const active = activeMenuPath(location.pathname, menus);
  const items = useMemo<MenuProps['items']>(() => menus.map((m) => ({ key: m.path, label: m.name })), [menus]);

  const userItems: MenuProps['items'] = [
    { key: 'password', label: '修改密码' },
    ...(SHOW_BIND_EMAIL_COMMAND ? [{ key: 'email', label: '绑定邮箱' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录' },
  ];
  const onUserCommand: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setPwdOpen(true);
    else if (key === 'email') setEmailOpen(true);
    else if (key === 'logout') void logout();
  };

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
    else if (key !== location.pathname) navigate(key);
  };

  return (
    <Layout className="jz-layout">
      <Layout.Header className="jz-header">
        <Link to={menus[0]?.path ?? '/examMarking'} className="jz-brand">
          <SchoolLogo src={user?.schoolLogo} />
          <span className="jz-brand-title">大数据精准教学诊断平台</span>
        </Link>
        <Menu className="jz-header-menu" mode="horizontal" selectedKeys={active ? [active] : []} items={items} onClick={onMenu} />
        <Dropdown menu={{ items: userItems, onClick: onUserCommand }} trigger={['hover', 'click']} placement="bottomRight">
          <button type="button" className="jz-user" aria-label="用户菜单">
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1677ff' }} />
            <span className="jz-user-name">{user?.userName || user?.username || '用户'}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </Layout.Header>
      <Layout.Content className="jz-content">
        {forced ? null : <ContentOutlet />}
      </Layout.Content>
      <AppFooter />
      <ChangePasswordModal open={pwdOpen || forced} forced={forced} onClose={() => setPwdOpen(false)}
        onSuccess={() => { setChangeDue(false); void refresh(); }} />
      <BindEmailModal open={emailOpen} onClose={() => setEmailOpen(false)} />
      {forced ? null : <AssistantDrawer />}
    </Layout>
  );
}
