import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface TOptimisticSave<T> {
  queryClient: QueryClient;
  queryKey: QueryKey;
  /** The cached data in its new order. */
  update: (data: T) => T;
  /** Sends the new order. */
  save: () => Promise<unknown>;
}

/**
 * Shows a new order at once, then saves it; on failure puts the cache back as it was and
 * answers false so the caller can say so. A drop must not wait for the network to look done.
 */
export async function saveOrderOptimistically<T>({
  queryClient,
  queryKey,
  update,
  save,
}: TOptimisticSave<T>): Promise<boolean> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<T>(queryKey);
  if (previous !== undefined) queryClient.setQueryData<T>(queryKey, update(previous));
  try {
    await save();
    return true;
  } catch {
    queryClient.setQueryData<T>(queryKey, previous);
    return false;
  }
}
