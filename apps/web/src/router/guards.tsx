import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { adminTokenStore, studentTokenStore, tokenStore } from '@/utils/request';

/** School user pages: no token → /login (the wanted path kept in the navigation state `from`). */
export function RequireUser() {
  const location = useLocation();
  if (!tokenStore.get()) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Platform administrator pages: no admin token cookie → /admin/login. */
export function RequireAdmin() {
  if (!adminTokenStore.get()) return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}

/** Student pages: no student token → /studentLogin. */
export function RequireStudent() {
  if (!studentTokenStore.get()) return <Navigate to="/studentLogin" replace />;
  return <Outlet />;
}
