import { Navigate, Outlet } from 'react-router';
import { useAdminCheck } from '../features/auth/api/get-admin-check';

/** Full-page 'Loading...' shown while an admin screen waits for its data (docs/product.md §2.2). */
export function LoadingScreen() {
  return (
    <div role="status" className="grid min-h-screen place-items-center text-muted-foreground">
      Loading...
    </div>
  );
}

/**
 * Wraps every admin screen except login (docs/product.md §2.2): asks `GET /api/admin/check`, shows
 * 'Loading...' meanwhile and redirects to /admin/login unless the visitor is admin.
 */
export function AdminGuard() {
  const check = useAdminCheck();
  if (check.isPending) return <LoadingScreen />;
  if (check.isError || !check.data.isAdmin) return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}
