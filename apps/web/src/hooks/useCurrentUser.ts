import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MenuItem } from '@jz/shared/roles';
import { getCurrentUserInfo, type CurrentUserInfo } from '@/api/auth';
import { tokenStore } from '@/utils/request';
import { STORAGE_KEYS, clearUserSession, getButtons, getMenuList, getPermissions, storage } from '@/utils/storage';

export type { CurrentUserInfo } from '@/api/auth';

export interface CurrentUserContextValue {
  /** The logged-in school user, null before loading or when logged out. */
  user: CurrentUserInfo | null;
  loading: boolean;
  /** Menus, permission codes and button codes (from the stored state until the user info arrives). */
  menus: MenuItem[];
  permissions: string[];
  buttons: string[];
  /** Reloads GET teach/user/getCurrentUserInfo, stores menus/permissions/buttons/roleId/schoolLogo, returns the user (null on failure). */
  refresh: () => Promise<CurrentUserInfo | null>;
  /** Forgets the user (after logout). */
  clear: () => void;
}

/** Writes the stored client state of docs/PRODUCT.md §3 from a user info answer. */
export function storeUserInfo(u: CurrentUserInfo) {
  storage.setJson(STORAGE_KEYS.menuList, Array.isArray(u.menus) ? u.menus : []);
  storage.setJson(STORAGE_KEYS.permissions, Array.isArray(u.permissions) ? u.permissions : []);
  storage.setJson(STORAGE_KEYS.buttons, Array.isArray(u.buttons) ? u.buttons : []);
  const roleId = u.roleId ?? u.roles?.[0]?.roleCode ?? '';
  storage.set(STORAGE_KEYS.roleId, String(roleId));
  if (u.schoolLogo) storage.set(STORAGE_KEYS.schoolLogo, u.schoolLogo);
  else storage.remove(STORAGE_KEYS.schoolLogo);
}

const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUserInfo | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !!tokenStore.get());
  const [version, setVersion] = useState(0);
  const inflight = useRef<Promise<CurrentUserInfo | null> | null>(null);

  const refresh = useCallback((): Promise<CurrentUserInfo | null> => {
    if (inflight.current) return inflight.current;
    if (!tokenStore.get()) { setUser(null); setLoading(false); return Promise.resolve(null); }
    setLoading(true);
    const p = getCurrentUserInfo()
      .then((res) => {
        if (res.code === 200 && res.data) {
          storeUserInfo(res.data);
          setUser(res.data);
          setVersion((v) => v + 1);
          return res.data;
        }
        return null;
      })
      .catch(() => null)
      .finally(() => { setLoading(false); inflight.current = null; });
    inflight.current = p;
    return p;
  }, []);

  const clear = useCallback(() => {
    clearUserSession();
    setUser(null);
    setLoading(false);
    setVersion((v) => v + 1);
  }, []);

  useEffect(() => { if (tokenStore.get()) void refresh(); }, [refresh]);

  const value = useMemo<CurrentUserContextValue>(() => ({
    user,
    loading,
    menus: getMenuList(),
    permissions: getPermissions(),
    buttons: getButtons(),
    refresh,
    clear,
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [user, loading, refresh, clear, version]);

  return createElement(CurrentUserContext.Provider, { value }, children);
}

/** The current school user: `{ user, loading, menus, permissions, buttons, refresh, clear }`. */
export function useCurrentUser(): CurrentUserContextValue {
  const ctx = useContext(CurrentUserContext);
  if (!ctx) {
    return { user: null, loading: false, menus: getMenuList(), permissions: getPermissions(), buttons: getButtons(), refresh: async () => null, clear: clearUserSession };
  }
  return ctx;
}

export default useCurrentUser;
