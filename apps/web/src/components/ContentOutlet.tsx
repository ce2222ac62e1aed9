import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PageLoading } from './PageLoading';

/** An <Outlet/> whose lazy page loads behind a spinner and whose failure shows a retry (the layout stays). */
export function ContentOutlet({ full = false }: { full?: boolean }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading full={full} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export default ContentOutlet;
