import { useMe } from '@/lib/api/get-me';
import { AdminAccessDenied } from '@/features/admin/components/admin-access-denied';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { AdminTwoFactorRequired } from '@/features/admin/components/admin-two-factor-required';
import { useDocumentTitle } from '@/lib/document-title';

/** The admin check runs before anything loads; the server refuses non-admins regardless (docs/product.md#who-may-do-what). */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  const { data: me } = useMe();
  if (me?.role !== 'admin') return <AdminAccessDenied />;
  if (me.isTwoFactorRequired && !me.isTwoFactorEnabled) return <AdminTwoFactorRequired />;
  return <AdminPanel />;
}
