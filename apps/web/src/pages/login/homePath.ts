import type { CurrentUserInfo } from '@/api/auth';

/** Where to go after login: the page asked for, else 考试阅卷 (or the first menu when it is not in the menu). */
export function homePathOf(user: CurrentUserInfo | null): string {
  const menus = user?.menus ?? [];
  if (!menus.length || menus.some((m) => m.path === '/examMarking' || m.path.startsWith('/examMarking/'))) return '/examMarking';
  return menus[0].path;
}

