import { codegenRoutes } from '@linkstore/contract';
import { App, Button, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteButton } from '../shared/toolbar';
import { useCodegenOptions, useCodegenPreview, useDownloadCodegenZip, useWriteCodegenFiles } from './api';
import { CodeView } from './code-view';

/** The files generated for one table: pick a file, read it; download them all, or write them. */
export function PreviewDialog({
  tableName,
  onClose,
}: {
  tableName: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const preview = useCodegenPreview(tableName);
  const options = useCodegenOptions();
  const download = useDownloadCodegenZip();
  const write = useWriteCodegenFiles();
  const [chosen, setChosen] = useState<string | undefined>();
  const files = preview.data ?? [];
  const file = files.find((f) => f.path === chosen) ?? files[0];

  return (
    <Modal
      open={tableName !== undefined}
      title={t('codegen.preview.title', { table: tableName ?? '' })}
      onCancel={() => {
        setChosen(undefined);
        onClose();
      }}
      width="min(1100px, calc(100vw - 16px))"
      style={{ top: 16, maxWidth: 'calc(100vw - 16px)' }}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('codegen.close')}</Button>
          {options.data?.canWrite ? (
            <RouteButton
              route={codegenRoutes.write}
              loading={write.isPending}
              onClick={() =>
                tableName &&
                write.mutate(tableName, {
                  onSuccess: (result) =>
                    void message.success(t('codegen.preview.written', { count: result.written.length })),
                })
              }
            >
              {t('codegen.preview.write')}
            </RouteButton>
          ) : null}
          <Button
            type="primary"
            loading={download.isPending}
            onClick={() => tableName && download.mutate(tableName)}
          >
            {t('codegen.preview.download')}
          </Button>
        </Space>
      }
    >
      {preview.isLoading ? (
        <Typography.Text>{t('codegen.preview.loading')}</Typography.Text>
      ) : file ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('codegen.preview.file')}
            value={file.path}
            onChange={setChosen}
            style={{ width: '100%' }}
            options={files.map((f) => ({ value: f.path, label: f.path }))}
          />
          <CodeView file={file} label={t('codegen.preview.code', { file: file.fileName })} />
        </Space>
      ) : null}
    </Modal>
  );
}
