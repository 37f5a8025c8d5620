import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { USER_IMPORT_MAX_ROWS, type TUserImportResult } from '@linkstore/contract';
import { Alert, Button, Flex, List, Modal, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadTemplate, useImportUsers } from './api';

/** A file picked in the dragger (a File with antd's `uid`). */
type TPickedFile = Parameters<NonNullable<UploadProps['beforeUpload']>>[0];

/** The server refuses larger files (the multipart limit); saying so here saves the upload. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export interface TImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Import of operators from an .xlsx: pick or drop the file (the template is one click away),
 * import, then see how many rows went in and why each refused row was refused.
 */
export function ImportDialog({ open, onClose }: TImportDialogProps) {
  const { t } = useTranslation('users');
  const [file, setFile] = useState<TPickedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TUserImportResult | null>(null);
  const importUsers = useImportUsers();
  const downloadTemplate = useDownloadTemplate();

  const reset = () => {
    setFile(null);
    setProblem(null);
    setResult(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = (picked: TPickedFile) => {
    setResult(null);
    if (!picked.name.toLowerCase().endsWith('.xlsx')) {
      setProblem(t('import.wrongType'));
      setFile(null);
    } else if (picked.size > MAX_IMPORT_BYTES) {
      setProblem(t('import.tooLarge'));
      setFile(null);
    } else {
      setProblem(null);
      setFile(picked);
    }
    // Kept here, sent on "Import".
    return false;
  };

  const submit = () => {
    if (!file) {
      setProblem(t('import.chooseFile'));
      return;
    }
    // The http client tells a refusal (not a workbook, too many rows, …).
    importUsers.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        setFile(null);
      },
    });
  };

  const footer = result
    ? [
        <Button key="again" onClick={reset}>
          {t('import.again')}
        </Button>,
        <Button key="close" type="primary" onClick={close}>
          {t('import.close')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={close}>
          {t('import.close')}
        </Button>,
        <Button key="submit" type="primary" loading={importUsers.isPending} onClick={submit}>
          {t('import.submit')}
        </Button>,
      ];

  return (
    <Modal open={open} title={t('import.title')} onCancel={close} footer={footer} width={600} destroyOnHidden>
      {result ? (
        <Flex vertical gap={12}>
          <Alert
            type={result.invalidCount > 0 ? 'warning' : 'success'}
            showIcon
            title={t('import.result', { valid: result.validCount, invalid: result.invalidCount })}
          />
          {result.messageList.length > 0 ? (
            <List
              size="small"
              bordered
              header={<Typography.Text strong>{t('import.refusedRows')}</Typography.Text>}
              dataSource={result.messageList}
              style={{ maxHeight: 320, overflowY: 'auto' }}
              renderItem={(item) => (
                <List.Item>
                  <Typography.Text strong style={{ minWidth: 72 }}>
                    {t('import.row', { row: item.row })}
                  </Typography.Text>
                  <Typography.Text style={{ flex: 1 }}>{item.message}</Typography.Text>
                </List.Item>
              )}
            />
          ) : null}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={pick}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
          </Upload.Dragger>
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('import.hint', { rows: USER_IMPORT_MAX_ROWS })}
          </Typography.Paragraph>
          <div>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={downloadTemplate.isPending}
              onClick={() => downloadTemplate.mutate()}
            >
              {t('action.template')}
            </Button>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
