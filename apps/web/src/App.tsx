import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { routes } from '@/router/routes';
import { RouteEffects } from '@/router/RouteEffects';
import { RouteErrorBoundary } from '@/components/RouteErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { CurrentUserProvider } from '@/hooks/useCurrentUser';

/** The root shows a single outlet: the matched route. */
export default function App() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <CurrentUserProvider>
      <RouteEffects routes={routes} />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading full />}>{element}</Suspense>
      </RouteErrorBoundary>
    </CurrentUserProvider>
  );
}
