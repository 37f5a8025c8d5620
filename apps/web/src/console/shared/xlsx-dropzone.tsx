import { InboxOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography, Upload, type UploadProps } from 'antd';
import type { ReactNode } from 'react';

/** A file picked in the dragger (a File with antd's `uid`). */
export type TPickedFile = Parameters<NonNullable<UploadProps['beforeUpload']>>[0];

/** The server refuses larger files (the multipart limit); saying so here saves the upload. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export interface TXlsxDropzoneTexts {
  drop: string;
  hint: string;
  wrongType: string;
  tooLarge: string;
}

/**
 * The .xlsx picker of an import dialog: a dragger that keeps the file (sent later, on the
 * dialog's button), refuses another type or a file over the limit with a message, and a hint.
 * `onChange` gets the file kept (or null) and the problem to show (or null).
 */
export function XlsxDropzone({
  file,
  problem,
  texts,
  onChange,
  children,
}: {
  file: TPickedFile | null;
  problem: string | null;
  texts: TXlsxDropzoneTexts;
  onChange: (file: TPickedFile | null, problem: string | null) => void;
  /** Below the hint (e.g. a template download). */
  children?: ReactNode;
}) {
  const pick = (picked: TPickedFile) => {
    if (!picked.name.toLowerCase().endsWith('.xlsx')) onChange(null, texts.wrongType);
    else if (picked.size > MAX_IMPORT_BYTES) onChange(null, texts.tooLarge);
    else onChange(picked, null);
    // Kept here, sent on the dialog's button.
    return false;
  };
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        fileList={file ? [file] : []}
        beforeUpload={pick}
        onRemove={() => onChange(null, null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{texts.drop}</p>
      </Upload.Dragger>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {texts.hint}
      </Typography.Paragraph>
      {children}
    </Flex>
  );
}
