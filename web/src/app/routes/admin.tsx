import { useMe } from '@/lib/api/get-me';
import { AdminAccessDenied } from '@/features/admin/components/admin-access-denied';
import { AdminPanel } from '@/features/admin/components/admin-panel';

/** The admin check runs before anything loads; the server refuses non-admins regardless (D2). */
export function AdminRoute() {
  const { data: me } = useMe();
  if (me?.role !== 'admin') return <AdminAccessDenied />;
  return <AdminPanel />;
}
