import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { queryClient } from './query-client';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

export function App({ router }: { router: AppRouter }) {
  // From here on the page answers clicks; a page the server drew did not before (ADR 022).
  // The end-to-end tests wait for this mark before they click on such a page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
