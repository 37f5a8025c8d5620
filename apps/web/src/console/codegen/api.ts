import { codegenRoutes, type TCodegenConfig, type TCodegenConfigRequest } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { saveFile } from '../../shared/http/download';

/**
 * The code generator page reads `codegenRoutes.tables` (with `usePagedList`); these are its
 * other reads and its changes.
 */

/** Whether this server writes files, and the catalogs a generated menu can go under. */
export function useCodegenOptions() {
  return useQuery(routeQueryOptions(codegenRoutes.options));
}

export function loadCodegenConfig(tableName: string): Promise<TCodegenConfig> {
  return callRoute(codegenRoutes.config, { params: { tableName } });
}

/** Every generated file of the table (its saved settings, or the defaults). */
export function useCodegenPreview(tableName: string | undefined) {
  return useQuery({
    ...routeQueryOptions(codegenRoutes.preview, { params: { tableName: tableName ?? '' } }),
    enabled: tableName !== undefined,
  });
}

export function useSaveCodegenConfig() {
  return useRouteMutation({
    mutationFn: ({ tableName, values }: { tableName: string; values: TCodegenConfigRequest }) =>
      callRoute(codegenRoutes.saveConfig, { params: { tableName }, body: values }),
    invalidates: [codegenRoutes.tables, codegenRoutes.config, codegenRoutes.preview],
  });
}

export function useResetCodegenConfig() {
  return useRouteMutation({
    mutationFn: (tableName: string) => callRoute(codegenRoutes.resetConfig, { params: { tableName } }),
    invalidates: [codegenRoutes.tables, codegenRoutes.config, codegenRoutes.preview],
  });
}

/** The generated files as a zip, saved by the browser. */
export function useDownloadCodegenZip() {
  return useRouteMutation({
    mutationFn: async (tableName: string) =>
      saveFile(
        (await apiClient.request(fillPath(codegenRoutes.download.path, { tableName }), {
          method: 'GET',
          responseType: 'blob',
        })) as TDownload,
      ),
  });
}

/** Writes the generated files into the server's working tree (a server in development only). */
export function useWriteCodegenFiles() {
  return useRouteMutation({
    mutationFn: (tableName: string) => callRoute(codegenRoutes.write, { params: { tableName } }),
  });
}
