import type { MenuItem } from '@jz/shared/roles';

/** localStorage keys of the stored client state (docs/PRODUCT.md §3). */
export const STORAGE_KEYS = {
  token: 'token',
  menuList: 'menuList',
  permissions: 'permissions',
  buttons: 'buttons',
  roleId: 'roleId',
  schoolLogo: 'schoolLogo',
  appVersion: 'appVersion',
  studentToken: 'studentToken',
} as const;

/** Cookie names of the administrator (docs/PRODUCT.md §6: both expire at the next local midnight). */
export const ADMIN_COOKIES = { token: 'adminToken', user: 'adminUserToken' } as const;

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return fallback;
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: string) => localStorage.getItem(key) ?? '',
  set: (key: string, value: string) => localStorage.setItem(key, value),
  remove: (key: string) => localStorage.removeItem(key),
  getJson: readJson,
  setJson: (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value)),
};

export const getMenuList = (): MenuItem[] => {
  const v = readJson<unknown>(STORAGE_KEYS.menuList, []);
  return Array.isArray(v) ? (v as MenuItem[]).filter((m) => m && typeof m.path === 'string' && typeof m.name === 'string') : [];
};
export const getPermissions = (): string[] => {
  const v = readJson<unknown>(STORAGE_KEYS.permissions, []);
  return Array.isArray(v) ? v.map(String) : [];
};
export const getButtons = (): string[] => {
  const v = readJson<unknown>(STORAGE_KEYS.buttons, []);
  return Array.isArray(v) ? v.map((b) => (typeof b === 'string' ? b : String((b as { code?: string })?.code ?? b))) : [];
};

/** Removes what a logged-in school user left (token, menus, permissions, buttons, role); the school logo stays for the next login page. */
export function clearUserSession() {
  for (const k of [STORAGE_KEYS.token, STORAGE_KEYS.menuList, STORAGE_KEYS.permissions, STORAGE_KEYS.buttons, STORAGE_KEYS.roleId]) {
    localStorage.removeItem(k);
  }
}

// ---- cookies ----

/** The next local midnight (admin cookies expire then). */
export function nextLocalMidnight(now = new Date()): Date {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d;
}

/** Cookie attributes: whole site, Lax, and Secure when the page is served over HTTPS (never sent over plain HTTP then). */
export function cookieAttributes(protocol = location.protocol): string {
  return `path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

export const cookies = {
  get(name: string): string {
    const prefix = `${encodeURIComponent(name)}=`;
    for (const part of document.cookie ? document.cookie.split('; ') : []) {
      if (part.startsWith(prefix)) {
        try { return decodeURIComponent(part.slice(prefix.length)); } catch { return ''; }
      }
    }
    return '';
  },
  set(name: string, value: string, expires: Date) {
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; ${cookieAttributes()}`;
  },
  remove(name: string) {
    document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
  },
};
