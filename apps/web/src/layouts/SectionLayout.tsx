import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { ContentOutlet } from '@/components/ContentOutlet';
import { usePermission } from '@/components/Permission';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import type { SectionItem } from '@/router/sections';

export interface SectionGroup { title?: string; items: SectionItem[] }

export interface SectionLayoutProps {
  /** Absolute base path, e.g. '/userInfo'. */
  base: string;
  groups: SectionGroup[];
  /** Title above the menu. */
  title?: string;
}

/** A left menu of the section's child pages and the page on the right. */
export default function SectionLayout({ base, groups, title }: SectionLayoutProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const can = usePermission();
  const { user, permissions } = useCurrentUser();
  const known = !!user || permissions.length > 0;

  // a duty is known only from the server's user info: until it arrives such entries wait
  const visible = (it: SectionItem) => !it.hidden && (!it.perms || !known || can(it.perms)) && (!it.duty || !!user?.duties?.includes(it.duty));
  const items = useMemo<MenuProps['items']>(() => {
    const toItem = (it: SectionItem) => ({ key: `${base}/${it.path}`, label: it.title });
    if (groups.length === 1 && !groups[0].title) return groups[0].items.filter(visible).map(toItem);
    return groups.map((g, i) => ({ type: 'group' as const, key: `g${i}`, label: g.title, children: g.items.filter(visible).map(toItem) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, groups, can, known, user]);

  const all = groups.flatMap((g) => g.items.map((it) => `${base}/${it.path}`));
  const selected = all.filter((k) => location.pathname === k || location.pathname.startsWith(`${k}/`)).sort((a, b) => b.length - a.length)[0];

  return (
    <div className="jz-section">
      <aside className="jz-section-side">
        {title && <div className="jz-section-title">{title}</div>}
        <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []}
          onClick={({ key }) => { if (key !== location.pathname) navigate(key); }} style={{ borderInlineEnd: 'none' }} />
      </aside>
      <main className="jz-section-main">
        <ContentOutlet />
      </main>
    </div>
  );
}
