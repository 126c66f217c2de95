import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { ME_QUERY_KEY } from '@/features/auth/api/get-me';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      // A 401 anywhere means the session is gone: the guards then send the visitor to sign-in.
      // A failed sign-in is also a 401 but the visitor is signed out already, so this is harmless.
      onUnauthorized: (client) => client.setQueryData(ME_QUERY_KEY, null),
    }),
  );

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
