import { QueryClient } from '@tanstack/react-query';
import { ClientErrorCode, isHttpError } from './http-error';

const RETRYABLE = new Set<string>([ClientErrorCode.network, ClientErrorCode.timeout]);

/** Errors are shown once by the http client; only transport failures are worth one retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && isHttpError(error) && RETRYABLE.has(error.code),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
