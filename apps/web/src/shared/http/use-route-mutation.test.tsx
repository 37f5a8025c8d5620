import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { configsRoutes, rolesRoutes } from '@linkstore/contract';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { routeKey } from './call-route';
import { useRouteMutation } from './use-route-mutation';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('useRouteMutation', () => {
  it('refetches every cached answer of the routes it invalidates before it resolves, and no other', async () => {
    const { wrapper } = setup();
    const pages = vi.fn(() => Promise.resolve('page'));
    const roles = vi.fn(() => Promise.resolve('roles'));
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => {
        // Two inputs of the invalidated route, one answer of another route.
        useQuery({ queryKey: [...routeKey(configsRoutes.page), { pageNum: 1 }], queryFn: pages });
        useQuery({ queryKey: [...routeKey(configsRoutes.page), { pageNum: 2 }], queryFn: pages });
        useQuery({ queryKey: [...routeKey(rolesRoutes.page), {}], queryFn: roles });
        return useRouteMutation({
          mutationFn: (id: string) => Promise.resolve(`deleted ${id}`),
          invalidates: [configsRoutes.page],
          onSuccess,
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(pages).toHaveBeenCalledTimes(2));
    await act(() => result.current.mutateAsync('7'));
    expect(pages).toHaveBeenCalledTimes(4);
    expect(roles).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('deleted 7', '7');
  });

  it('refetches nothing when the change fails, and rejects for a caller that awaits it', async () => {
    const { wrapper } = setup();
    const pages = vi.fn(() => Promise.resolve('page'));
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: [...routeKey(configsRoutes.page), {}], queryFn: pages });
        return useRouteMutation({
          mutationFn: () => Promise.reject(new Error('refused')),
          invalidates: [configsRoutes.page],
          onSuccess,
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(pages).toHaveBeenCalledTimes(1));
    await act(() => expect(result.current.mutateAsync()).rejects.toThrow('refused'));
    expect(pages).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
