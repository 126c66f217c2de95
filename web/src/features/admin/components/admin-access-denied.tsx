import { useEffect } from 'react';
import { TEXTS } from '@common/texts';
import { toast } from 'sonner';

/** docs/product.md#who-may-do-what: a non-admin gets 'Access Denied' and nothing else loads. */
export function AdminAccessDenied() {
  useEffect(() => {
    // A fixed id keeps a double-mounted effect (StrictMode) from stacking two toasts.
    toast.error(TEXTS.accessDeniedTitle, { id: 'access-denied', description: TEXTS.accessDenied });
  }, []);
  return null;
}
