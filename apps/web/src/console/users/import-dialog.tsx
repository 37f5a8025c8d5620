import { DownloadOutlined } from '@ant-design/icons';
import { USER_IMPORT_MAX_ROWS, type TUserImportResult } from '@linkstore/contract';
import { Alert, Button, Flex, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XlsxDropzone, type TPickedFile } from '../shared/xlsx-dropzone';
import { useDownloadTemplate, useImportUsers } from './api';

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
        <XlsxDropzone
          file={file}
          problem={problem}
          texts={{
            drop: t('import.drop'),
            hint: t('import.hint', { rows: USER_IMPORT_MAX_ROWS }),
            wrongType: t('import.wrongType'),
            tooLarge: t('import.tooLarge'),
          }}
          onChange={(picked, pickProblem) => {
            setResult(null);
            setFile(picked);
            setProblem(pickProblem);
          }}
        >
          <div>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={downloadTemplate.isPending}
              onClick={() => downloadTemplate.mutate()}
            >
              {t('action.template')}
            </Button>
          </div>
        </XlsxDropzone>
      )}
    </Modal>
  );
}
