import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionEvents } from './session/session-events';
import { ThemeProvider } from './theme/theme-provider';

/** Providers every area shares; the router is passed in so tests can use a memory router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Nothing fetched for one user may be shown to the next.
  useEffect(() => sessionEvents.on('tokenCleared', () => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
