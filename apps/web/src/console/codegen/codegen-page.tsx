import { codegenRoutes, type TCodegenTable } from '@linkstore/contract';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { usePagedList } from '../shared/use-paged-list';
import { useDownloadCodegenZip, useResetCodegenConfig } from './api';
import { ConfigDrawer } from './config-drawer';
import { PreviewDialog } from './preview-dialog';

/** Developer tools → Code generator: the database's tables; configure, preview, download. */
export default function CodegenPage() {
  const { t } = useTranslation('system');
  const list = usePagedList(codegenRoutes.tables, { keywords: '' });
  const [configuring, setConfiguring] = useState<string | undefined>();
  const [previewing, setPreviewing] = useState<string | undefined>();
  const download = useDownloadCodegenZip();
  const reset = useResetCodegenConfig();
  const closeConfig = useCallback(() => setConfiguring(undefined), []);
  const closePreview = useCallback(() => setPreviewing(undefined), []);

  const columns: TableColumnsType<TCodegenTable> = [
    {
      title: t('codegen.table.name'),
      dataIndex: 'tableName',
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    { title: t('codegen.table.comment'), dataIndex: 'tableComment', ellipsis: true },
    {
      title: t('codegen.table.createTime'),
      dataIndex: 'createTime',
      render: (value: string | null) => value ?? t('codegen.table.noCreateTime'),
    },
    {
      title: t('codegen.table.configured'),
      dataIndex: 'isConfigured',
      render: (value: boolean) =>
        value ? <Tag color="success">{t('codegen.table.yes')}</Tag> : <Tag>{t('codegen.table.no')}</Tag>,
    },
  ];

  const actionsColumn = useActionsColumn<TCodegenTable>([
    {
      kind: 'edit',
      label: t('codegen.action.configure'),
      route: codegenRoutes.config,
      ariaLabel: (record) => t('codegen.action.configureTable', { table: record.tableName }),
      onClick: (record) => setConfiguring(record.tableName),
    },
    {
      label: t('codegen.action.preview'),
      route: codegenRoutes.preview,
      ariaLabel: (record) => t('codegen.action.previewTable', { table: record.tableName }),
      onClick: (record) => setPreviewing(record.tableName),
    },
    {
      label: t('codegen.action.download'),
      route: codegenRoutes.download,
      ariaLabel: (record) => t('codegen.action.downloadTable', { table: record.tableName }),
      onClick: (record) => download.mutate(record.tableName),
    },
    {
      label: t('codegen.action.reset'),
      route: codegenRoutes.resetConfig,
      isShown: (record) => record.isConfigured,
      ariaLabel: (record) => t('codegen.action.resetTable', { table: record.tableName }),
      onClick: (record) => reset.mutate(record.tableName),
    },
  ]);

  return (
    <CrudPage
      title={t('codegen.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('codegen.search.keywordsPlaceholder')} />
        </SearchBar>
      }
    >
      <Typography.Paragraph type="secondary">{t('codegen.intro')}</Typography.Paragraph>
      <PagedTable<TCodegenTable> list={list} rowKey="tableName" columns={[...columns, ...actionsColumn]} />
      <ConfigDrawer tableName={configuring} onClose={closeConfig} />
      <PreviewDialog tableName={previewing} onClose={closePreview} />
    </CrudPage>
  );
}
