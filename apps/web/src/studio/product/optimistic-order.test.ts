import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { saveOrderOptimistically } from './optimistic-order';

const KEY = ['banners'];

function clientWith(data: string[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, data);
  return queryClient;
}

describe('saveOrderOptimistically', () => {
  it('shows the new order before the save answers and keeps it', async () => {
    const queryClient = clientWith(['a', 'b']);
    let seenDuringSave: unknown;
    const saved = await saveOrderOptimistically<string[]>({
      queryClient,
      queryKey: KEY,
      update: (data) => [...data].reverse(),
      save: () => {
        seenDuringSave = queryClient.getQueryData(KEY);
        return Promise.resolve(null);
      },
    });
    expect(saved).toBe(true);
    expect(seenDuringSave).toEqual(['b', 'a']);
    expect(queryClient.getQueryData(KEY)).toEqual(['b', 'a']);
  });

  it('puts the previous order back when the save fails', async () => {
    const queryClient = clientWith(['a', 'b']);
    const saved = await saveOrderOptimistically<string[]>({
      queryClient,
      queryKey: KEY,
      update: (data) => [...data].reverse(),
      save: () => Promise.reject(new Error('refused')),
    });
    expect(saved).toBe(false);
    expect(queryClient.getQueryData(KEY)).toEqual(['a', 'b']);
  });
});
