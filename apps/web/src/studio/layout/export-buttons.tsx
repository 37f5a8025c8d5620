import { DownloadOutlined } from '@ant-design/icons';
import type { earningsRoutes, ordersRoutes, TExportFormat } from '@linkstore/contract';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadRoute, saveFile } from '../../shared/http/download';
import type { TParams } from '../../shared/http/query-string';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import styles from './export-buttons.module.css';

const FORMATS: readonly TExportFormat[] = ['csv', 'xlsx'];

interface ExportButtonsProps {
  route: typeof ordersRoutes.export | typeof earningsRoutes.entriesExport;
  /** The filters on screen, as the list's query sends them. */
  query: TParams;
  /** What the buttons export, for screen readers ("Export orders"). */
  label: string;
}

/**
 * "Export CSV" and "Export Excel (.xlsx)": the rows the filters on screen match, saved by the
 * browser. The button of the file being made spins; a refusal (too many rows) is shown by the
 * http client in the reader's language.
 */
export function ExportButtons({ route, query, label }: ExportButtonsProps) {
  const { t } = useTranslation('studio');
  const exporting = useRouteMutation({
    mutationFn: async (format: TExportFormat) => saveFile(await downloadRoute(route, { ...query, format })),
  });
  return (
    <Flex wrap gap="small" role="group" aria-label={label}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          className={styles.tap}
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting.isPending && exporting.variables === format}
          disabled={exporting.isPending && exporting.variables !== format}
          onClick={() => exporting.mutate(format)}
        >
          {t(`exports.${format}`)}
        </Button>
      ))}
    </Flex>
  );
}
