import { useCallback, useEffect, useState } from 'react';
import { getCurrentUserInfo } from '@/api/users';

const KEY = 'permissions';

function readStored(): string[] | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(String) : null;
  } catch {
    return null;
  }
}

let pending: Promise<string[]> | null = null;
function fetchPermissions(): Promise<string[]> {
  pending ??= getCurrentUserInfo()
    .then((res) => {
      const list = res.code === 200 && Array.isArray(res.data?.permissions) ? res.data.permissions.map(String) : [];
      if (res.code === 200) localStorage.setItem(KEY, JSON.stringify(list));
      return list;
    })
    .catch(() => [] as string[])
    .finally(() => { setTimeout(() => { pending = null; }, 0); });
  return pending;
}

/** The current school user's permission codes (localStorage 'permissions', else getCurrentUserInfo); null while loading. */
export function usePermissions() {
  const [perms, setPerms] = useState<string[] | null>(readStored);
  useEffect(() => {
    if (perms) return;
    let alive = true;
    fetchPermissions().then((p) => { if (alive) setPerms(p); });
    return () => { alive = false; };
  }, [perms]);
  const has = useCallback((code?: string | string[]) => {
    if (!code) return true;
    if (!perms) return false;
    return (Array.isArray(code) ? code : [code]).some((c) => perms.includes(c));
  }, [perms]);
  return { permissions: perms, loaded: perms !== null, has };
}
