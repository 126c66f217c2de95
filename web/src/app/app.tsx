import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { queryClient } from './query-client';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

/** `onTakenOver`: runs once the app has taken a page the server drew over (its effects ran). */
export function App({ router, onTakenOver }: { router: AppRouter; onTakenOver?: () => void }) {
  // From here on the page answers clicks; a page the server drew did not before (ADR 022).
  // The end-to-end tests wait for this mark before they click on such a page.
  useEffect(() => {
    onTakenOver?.();
    document.documentElement.dataset.hydrated = 'true';
  }, [onTakenOver]);
  return (
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
