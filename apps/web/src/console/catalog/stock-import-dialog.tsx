import { STOCK_SHEET_MAX_ROWS, type TFieldErrors, type TStockImportResult } from '@linkstore/contract';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { XlsxDropzone, type TPickedFile } from '../shared/xlsx-dropzone';
import { useImportStock } from './variant-api';
import styles from './variants-editor.module.css';

/** A refused file: the server's headline and, for bad rows, each row's problem. */
interface TRefusal {
  message: string;
  rows: TFieldErrors['fields'];
}

/**
 * Import of stock by SKU from an .xlsx (the exported sheet, edited): pick or drop the file,
 * import, then see how many variants changed — or, for a refused file (nothing written), why
 * each bad row was refused.
 */
export function StockImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const [file, setFile] = useState<TPickedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TStockImportResult | null>(null);
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  const importStock = useImportStock();
  const id = useId();

  const reset = () => {
    setFile(null);
    setProblem(null);
    setResult(null);
    setRefusal(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    if (!file) {
      setProblem(t('stock.import.chooseFile'));
      return;
    }
    setRefusal(null);
    // The http client tells every refusal too (not a workbook, no header, …).
    importStock.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        setFile(null);
      },
      onError: (error) => {
        if (isHttpError(error) && error.data && error.data.fields.length > 0) {
          setRefusal({ message: error.msg, rows: error.data.fields });
        } else if (isHttpError(error)) setRefusal({ message: error.msg, rows: [] });
      },
    });
  };

  const footer = result
    ? [
        <Button key="again" onClick={reset}>
          {t('stock.import.again')}
        </Button>,
        <Button key="close" type="primary" onClick={close}>
          {t('stock.import.close')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={close}>
          {t('stock.import.close')}
        </Button>,
        <Button key="submit" type="primary" loading={importStock.isPending} onClick={submit}>
          {t('stock.import.submit')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('stock.import.title')}
      onCancel={close}
      footer={footer}
      width={600}
      destroyOnHidden
    >
      {result ? (
        <Alert
          type="success"
          showIcon
          title={t('stock.import.result', { updated: result.updated, unchanged: result.unchanged })}
        />
      ) : (
        <Flex vertical gap={12}>
          {refusal && (
            <>
              <Alert type="error" showIcon title={refusal.message} />
              {refusal.rows.length > 0 && (
                <section aria-labelledby={`${id}-rows`}>
                  <Typography.Text strong id={`${id}-rows`}>
                    {t('stock.import.refusedRows')}
                  </Typography.Text>
                  <ul className={styles.rows}>
                    {refusal.rows.map((item, i) => (
                      <li key={i}>{item.message}</li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
          <XlsxDropzone
            file={file}
            problem={problem}
            texts={{
              drop: t('stock.import.drop'),
              hint: t('stock.import.hint', { rows: STOCK_SHEET_MAX_ROWS }),
              wrongType: t('stock.import.wrongType'),
              tooLarge: t('stock.import.tooLarge'),
            }}
            onChange={(picked, pickProblem) => {
              setResult(null);
              setFile(picked);
              setProblem(pickProblem);
            }}
          />
        </Flex>
      )}
    </Modal>
  );
}
