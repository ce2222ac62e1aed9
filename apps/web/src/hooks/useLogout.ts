import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminLogout, signOut } from '@/api/auth';
import { adminTokenStore, tokenStore } from '@/utils/request';
import { useCurrentUser } from './useCurrentUser';

let userLogout: Promise<void> | null = null;
let adminLogoutCall: Promise<void> | null = null;

/** School user logout: duplicate calls while one is in flight are ignored; clears the token; goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const { clear } = useCurrentUser();
  return useCallback(() => {
    if (userLogout) return userLogout;
    userLogout = (async () => {
      try {
        if (tokenStore.get()) await signOut();
      } catch {
        // the token is dropped locally anyway
      } finally {
        tokenStore.clear();
        clear();
        navigate('/login', { replace: true });
        userLogout = null;
      }
    })();
    return userLogout;
  }, [navigate, clear]);
}

/** Administrator logout: duplicate calls ignored while one is in flight; clears the admin cookies; goes to /admin/login. */
export function useAdminLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    if (adminLogoutCall) return adminLogoutCall;
    adminLogoutCall = (async () => {
      try {
        if (adminTokenStore.get()) await adminLogout();
      } catch {
        // ignored
      } finally {
        adminTokenStore.clear();
        navigate('/admin/login', { replace: true });
        adminLogoutCall = null;
      }
    })();
    return adminLogoutCall;
  }, [navigate]);
}
