import type { ReactNode } from 'react';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { getButtons, getPermissions } from '@/utils/storage';

type Codes = string | string[];

function holds(codes: Codes, held: Set<string>, all: boolean): boolean {
  const list = Array.isArray(codes) ? codes : [codes];
  if (list.length === 0) return true;
  return all ? list.every((c) => held.has(c)) : list.some((c) => held.has(c));
}

/** Whether the logged-in user holds the permission (or button) code; with a list, any of them (`all` = every one). */
export function hasPermission(code: Codes, all = false): boolean {
  return holds(code, new Set([...getPermissions(), ...getButtons()]), all);
}

export interface PermissionProps {
  /** A permission code such as 'school:student:edit', or a list (any of them, or every one with `all`). */
  code: Codes;
  all?: boolean;
  children?: ReactNode;
  /** Shown instead when the code is not held (default: nothing). */
  fallback?: ReactNode;
}

/** Renders its children only where the permission code is held; the server checks again. */
export function Permission({ code, all = false, children, fallback = null }: PermissionProps) {
  const { permissions, buttons } = useCurrentUser();
  return <>{holds(code, new Set([...permissions, ...buttons]), all) ? children : fallback}</>;
}

/** Hook form: `const can = usePermission(); can('school:student:edit')`. */
export function usePermission() {
  const { permissions, buttons } = useCurrentUser();
  const held = new Set([...permissions, ...buttons]);
  return (code: Codes, all = false) => holds(code, held, all);
}

export default Permission;
