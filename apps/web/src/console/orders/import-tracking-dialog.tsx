import type { TShipImportAnswer } from '@linkstore/contract';
import { Alert, App, Button, Flex, List, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShipImport, useShipOrders } from './api';
import { problemOf } from './order-problem';
import { XlsxDropzone, type TPickedFile } from '../shared/xlsx-dropzone';

/** Rows one sheet may hold: what one ship request carries (the server says the same). */
export const SHIP_IMPORT_MAX_ROWS = 200;

/**
 * Tracking numbers from an .xlsx: the server reads the sheet and answers the shippable rows and
 * the refused ones with their reasons (nothing shipped yet); "Ship N orders" then sends the
 * ordinary ship request — all of them or none.
 */
export function ImportTrackingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [file, setFile] = useState<TPickedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<TShipImportAnswer | null>(null);
  const [shipProblems, setShipProblems] = useState<string[]>([]);
  const read = useShipImport();
  const ship = useShipOrders({ isQuiet: true });

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPreview(null);
    setShipProblems([]);
  };

  const submit = () => {
    if (!file) {
      setProblem(t('console.import.chooseFile'));
      return;
    }
    // The http client tells a refusal of the file (not a workbook, too many rows, …).
    read.mutate(file, { onSuccess: (answer) => setPreview(answer) });
  };

  const shipAll = async () => {
    if (!preview) return;
    setShipProblems([]);
    try {
      await ship.mutateAsync(preview.items);
    } catch (error) {
      setShipProblems(problemOf(error).messages);
      return;
    }
    void message.success(t('console.shipped', { count: preview.items.length }));
    onClose();
  };

  const footer = preview
    ? [
        <Button key="again" onClick={reset}>
          {t('console.import.again')}
        </Button>,
        <Button
          key="ship"
          type="primary"
          disabled={preview.items.length === 0}
          loading={ship.isPending}
          onClick={() => void shipAll()}
        >
          {t('console.import.shipN', { count: preview.items.length })}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          {t('console.import.close')}
        </Button>,
        <Button key="read" type="primary" loading={read.isPending} onClick={submit}>
          {t('console.import.read')}
        </Button>,
      ];

  return (
    <Modal
      open
      title={t('console.import.title')}
      onCancel={onClose}
      footer={footer}
      width={720}
      destroyOnHidden
    >
      {preview ? (
        <Flex vertical gap={12}>
          {shipProblems.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={
                <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                  {shipProblems.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Typography.Text strong>
            {t('console.import.shippable', { count: preview.items.length })}
          </Typography.Text>
          {preview.items.length > 0 ? (
            <Table
              size="small"
              rowKey="orderNo"
              dataSource={preview.items}
              pagination={preview.items.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('console.orderNo'), dataIndex: 'orderNo' },
                {
                  title: t('console.carrier'),
                  dataIndex: 'carrier',
                  render: (carrier: string) => t(`carrier.${carrier}`, { defaultValue: carrier }),
                },
                { title: t('console.trackingNo'), dataIndex: 'trackingNo' },
              ]}
            />
          ) : (
            <Alert type="warning" showIcon title={t('console.import.noneShippable')} />
          )}
          {preview.messageList.length > 0 && (
            <List
              size="small"
              bordered
              header={
                <Typography.Text strong>
                  {t('console.import.refused', { count: preview.messageList.length })}
                </Typography.Text>
              }
              dataSource={preview.messageList}
              style={{ maxHeight: 280, overflowY: 'auto' }}
              renderItem={(item) => (
                <List.Item>
                  <Flex gap={8} wrap style={{ width: '100%' }}>
                    <Typography.Text strong style={{ minWidth: 64 }}>
                      {t('console.import.row', { row: item.row })}
                    </Typography.Text>
                    <Typography.Text style={{ flex: 1, minWidth: 160 }}>{item.message}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </Flex>
      ) : (
        <XlsxDropzone
          file={file}
          problem={problem}
          texts={{
            drop: t('console.import.drop'),
            hint: t('console.import.hint', { rows: SHIP_IMPORT_MAX_ROWS }),
            wrongType: t('console.import.wrongType'),
            tooLarge: t('console.import.tooLarge'),
          }}
          onChange={(picked, pickProblem) => {
            setFile(picked);
            setProblem(pickProblem);
          }}
        />
      )}
    </Modal>
  );
}
