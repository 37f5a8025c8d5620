import {
  minorToDecimal,
  parsePercentMicros,
  taxRoutes,
  ZIsoDay,
  type TTaxRate,
  type TTaxRateRequest,
} from '@linkstore/contract';
import { Form, Input, Select, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, isoCountryOptions } from '../../shared/i18n/display-names';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { AddButton } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useDeleteTaxRate, useSaveTaxRate } from './api';

const FORM_FIELDS = [
  'countryCode',
  'region',
  'name',
  'rate',
  'inclusive',
  'shippingTaxed',
  'validFrom',
] as const;
const INITIAL_SEARCH: { countryCode?: string; keywords: string } = { keywords: '' };
const REGION_PATTERN = /^[A-Za-z0-9]{0,3}$/;

/** Today in UTC, the day rates switch on (`yyyy-MM-dd`): a new rate applies from now by default. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The edit form's values from a row: the page already carries them, so nothing is fetched. */
function formValuesOf(rate: TTaxRate): TTaxRateRequest {
  return {
    countryCode: rate.countryCode,
    region: rate.region,
    name: rate.name,
    rate: rate.rate,
    inclusive: rate.inclusive,
    shippingTaxed: rate.shippingTaxed,
    validFrom: rate.validFrom,
  };
}

/**
 * Tax rates (issue 34): the sales tax / VAT the platform charges as the seller of record, per
 * country and region, each from its first day. Prices are net of tax; `inclusive` only says the
 * country expects them shown with tax ("incl. VAT"). The rate is typed as a percentage and
 * stored as integer micros; a new rate with a future day switches on by itself.
 */
export default function TaxRatePage() {
  const { t } = useTranslation('taxes');
  const language = useAppPreferences((state) => state.language);
  const list = usePagedList(taxRoutes.page, INITIAL_SEARCH);
  const modal = useFormModal<TTaxRateRequest>();
  const [form] = Form.useForm<TTaxRateRequest>();
  const confirmDelete = useConfirmDelete();
  const saveRate = useSaveTaxRate();
  const deleteRate = useDeleteTaxRate();

  const countryOptions = useMemo(() => isoCountryOptions(language), [language]);
  const percent = useMemo(
    () => new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'percent', maximumFractionDigits: 4 }),
    [language],
  );
  // The fraction as an exact decimal string (0.08875), so no float ever rounds the rate shown.
  const formatRate = (micros: number) => percent.format(minorToDecimal(micros, 6) as `${number}`);
  const rowName = (rate: TTaxRate) =>
    [countryName(language, rate.countryCode, rate.countryCode), rate.region, rate.name, rate.validFrom]
      .filter((part) => part !== '')
      .join(' ');
  const yesNo = (value: boolean) => <Tag color={value ? 'blue' : undefined}>{t(value ? 'yes' : 'no')}</Tag>;

  const columns: TableColumnsType<TTaxRate> = [
    {
      title: t('field.country'),
      dataIndex: 'countryCode',
      render: (code: string) => countryName(language, code, code),
    },
    {
      title: t('field.region'),
      dataIndex: 'region',
      render: (region: string) =>
        region === '' ? (
          <Typography.Text type="secondary">{t('wholeCountry')}</Typography.Text>
        ) : (
          <Typography.Text code>{region}</Typography.Text>
        ),
    },
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.rate'), dataIndex: 'rateMicros', align: 'right', render: formatRate },
    { title: t('field.inclusive'), dataIndex: 'inclusive', render: yesNo },
    { title: t('field.shippingTaxed'), dataIndex: 'shippingTaxed', render: yesNo },
    { title: t('field.validFrom'), dataIndex: 'validFrom' },
  ];
  const actionsColumn = useActionsColumn<TTaxRate>([
    {
      kind: 'edit',
      route: taxRoutes.update,
      ariaLabel: (rate) => t('action.edit', { name: rowName(rate) }),
      onClick: (rate) => modal.openEdit(rate.id),
    },
    {
      kind: 'delete',
      route: taxRoutes.delete,
      ariaLabel: (rate) => t('action.delete', { name: rowName(rate) }),
      onClick: (rate) => confirmDelete({ onConfirm: () => deleteRate.mutateAsync(rate.id) }),
    },
  ]);

  return (
    <CrudPage
      title={t('title')}
      search={
        <SearchBar initialValues={INITIAL_SEARCH} onSearch={list.search}>
          <Form.Item name="countryCode" label={t('field.country')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={countryOptions}
              placeholder={t('search.countryPlaceholder')}
              style={{ width: 200, maxWidth: '100%' }}
            />
          </Form.Item>
          <KeywordsFilter
            placeholder={t('search.keywordsPlaceholder')}
            style={{ width: 180, maxWidth: '100%' }}
          />
        </SearchBar>
      }
      toolbar={
        <AddButton route={taxRoutes.create} onClick={() => modal.openCreate({ validFrom: todayUtc() })} />
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('intro')}
      </Typography.Paragraph>
      <PagedTable<TTaxRate> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <FormModal<TTaxRateRequest>
        modal={modal}
        form={form}
        name="tax-rate-form"
        title={t(modal.id === undefined ? 'form.addTitle' : 'form.editTitle')}
        initialValues={{ region: '', inclusive: false, shippingTaxed: false }}
        fields={FORM_FIELDS}
        load={async (id) => {
          const rate = list.items.find((item) => item.id === id);
          return rate ? formValuesOf(rate) : {};
        }}
        onSubmit={(values, id) => saveRate.mutateAsync({ values, id })}
      >
        <Form.Item
          name="countryCode"
          label={t('field.country')}
          rules={[{ required: true, message: t('validation.country') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={countryOptions} />
        </Form.Item>
        <Form.Item
          name="region"
          label={t('field.region')}
          extra={t('help.region')}
          rules={[{ pattern: REGION_PATTERN, message: t('validation.region') }]}
        >
          <Input maxLength={3} placeholder="ON" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.name') }, { max: 40 }]}
        >
          <Input maxLength={40} placeholder="VAT" />
        </Form.Item>
        <Form.Item
          name="rate"
          label={t('field.rate')}
          extra={t('help.rate')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                parsePercentMicros(value ?? '') === null
                  ? Promise.reject(new Error(t('validation.rate')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input inputMode="decimal" placeholder="19" suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="inclusive"
          label={t('field.inclusive')}
          extra={t('help.inclusive')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="shippingTaxed" label={t('field.shippingTaxed')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="validFrom"
          label={t('field.validFrom')}
          extra={t('help.validFrom')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                ZIsoDay.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.validFrom'))),
            },
          ]}
        >
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}
