import {
  countriesRoutes,
  parseRateMicros,
  type TCountryPageItem,
  type TCountryUpdateRequest,
} from '@linkstore/contract';
import { Form, Input, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useSaveCountryRate } from './api';

const FORM_FIELDS = ['rate', 'currencySymbol'] as const;

/** The edit form's values from a row: the page already carries them, so nothing is fetched. */
function formValuesOf(country: TCountryPageItem): TCountryUpdateRequest {
  return {
    rate: country.rate,
    currencySymbol: country.currency_symbol,
  };
}

/**
 * Currency rates (issue 5): how much of each country's currency one US dollar buys, which
 * studio prices are shown in. The rate is typed as a decimal and stored as integer micros.
 */
export default function CountryPage() {
  const { t } = useTranslation('system');
  const list = usePagedList(countriesRoutes.page, { keywords: '' });
  const modal = useFormModal<TCountryUpdateRequest>();
  const [form] = Form.useForm<TCountryUpdateRequest>();
  const saveRate = useSaveCountryRate();

  const columns: TableColumnsType<TCountryPageItem> = [
    { title: t('countries.field.country'), dataIndex: 'name' },
    { title: t('countries.field.currency'), dataIndex: 'currency' },
    {
      title: t('countries.field.code'),
      dataIndex: 'currency_jc',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    { title: t('countries.field.symbol'), dataIndex: 'currency_symbol' },
    { title: t('countries.field.minorDigits'), dataIndex: 'currency_minor_digits', align: 'right' },
    { title: t('countries.field.rate'), dataIndex: 'rate', align: 'right' },
    { title: t('countries.field.updateTime'), dataIndex: 'updateTime' },
  ];
  const actionsColumn = useActionsColumn<TCountryPageItem>([
    {
      kind: 'edit',
      route: countriesRoutes.update,
      ariaLabel: (country) => t('countries.action.edit', { name: country.name }),
      onClick: (country) => modal.openEdit(country.id),
    },
  ]);

  return (
    <CrudPage
      title={t('countries.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('countries.search.keywordsPlaceholder')} />
        </SearchBar>
      }
    >
      <PagedTable<TCountryPageItem> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <FormModal<TCountryUpdateRequest>
        modal={modal}
        form={form}
        name="country-form"
        title={t('countries.form.editTitle')}
        fields={FORM_FIELDS}
        load={async (id) => {
          const country = list.items.find((item) => item.id === id);
          return country ? formValuesOf(country) : {};
        }}
        onSubmit={async (values, id) => {
          if (id === undefined) return;
          await saveRate.mutateAsync({ id, values });
        }}
      >
        <Form.Item
          name="rate"
          label={t('countries.field.rate')}
          extra={t('countries.rateHelp')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                parseRateMicros(value ?? '') === null
                  ? Promise.reject(new Error(t('countries.validation.rate')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input inputMode="decimal" placeholder="0.92" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="currencySymbol"
          label={t('countries.field.symbol')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('countries.field.symbol') }),
            },
            { max: 8 },
          ]}
        >
          <Input maxLength={8} style={{ width: 120 }} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}
