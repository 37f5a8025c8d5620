import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TSearchBarProps<T extends object> {
  /** The filters' starting values; Reset goes back to them (and searches). */
  initialValues: T;
  /** Search (or Enter in a field) and Reset call this with the filters. */
  onSearch: (values: T) => void;
  /** The filter fields: `<Form.Item name="keywords" label=…><Input /></Form.Item>`. */
  children: ReactNode;
}

/**
 * The search form above a console list: inline filter fields with Search and Reset buttons,
 * in a `search` landmark. Field names are the filter names of the list's query.
 */
export function SearchBar<T extends object>({ initialValues, onSearch, children }: TSearchBarProps<T>) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<T>();
  const onReset = () => {
    form.resetFields();
    onSearch(initialValues);
  };
  return (
    <Card size="small" role="search" aria-label={t('crud.search.label')}>
      <Form<T>
        form={form}
        name="search"
        layout="inline"
        initialValues={initialValues}
        onFinish={(values) => onSearch({ ...initialValues, ...values })}
        style={{ rowGap: 8 }}
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              {t('crud.search.submit')}
            </Button>
            <Button onClick={onReset} icon={<ReloadOutlined aria-hidden />}>
              {t('crud.search.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The keywords field of a search bar (`keywords`), the same on every list page. */
export function KeywordsFilter({ placeholder, style }: { placeholder: string; style?: CSSProperties }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="keywords" label={t('crud.field.keywords')}>
      <Input placeholder={placeholder} allowClear style={style} />
    </Form.Item>
  );
}
