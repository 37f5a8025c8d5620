import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MAX_BAND_GRAMS,
  MAX_SHIPPING_DAYS,
  shippingRoutes,
  type TShippingZonePageItem,
} from '@linkstore/contract';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { countryName, isoCountryOptions } from '../../shared/i18n/display-names';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { StatusTag } from '../shared/status';
import { AddButton } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { loadZoneForm, useDeleteShippingZone, useSaveShippingZone } from './api';
import {
  centsOf,
  formPathOf,
  NEW_BAND,
  NEW_METHOD,
  NEW_ZONE,
  zoneRequestOf,
  type TZoneFormValues,
} from './zone-form';

/** The zone's own fields: the server's errors on them go straight onto them. */
const FORM_FIELDS = ['name', 'countries', 'sort', 'enabled'] as const;
/** How many countries a row names before "+N". */
const COUNTRIES_SHOWN = 6;
const REGION_CODE = /^[A-Z0-9]{1,3}$/;

type TFormName = (string | number)[];

/** The server's errors on places inside the zone (a method's price, a band, a region) onto their fields. */
function showNestedErrors(form: FormInstance<TZoneFormValues>, error: unknown, values: TZoneFormValues) {
  if (!isHttpError(error) || !error.data) return;
  const byPath = new Map<string, { name: TFormName; errors: string[] }>();
  for (const { field, message } of error.data.fields) {
    const name = formPathOf(field, values);
    if (!name) continue;
    const key = name.join('.');
    byPath.set(key, { name, errors: [...(byPath.get(key)?.errors ?? []), message] });
  }
  form.setFields([...byPath.values()].map(({ name, errors }) => ({ name: name as never, errors })));
}

/** A dollar amount field ("4.99"): required unless `optional`, 0 to 10,000.00, at most two decimals. */
function AmountField({
  name,
  label,
  optional = false,
  extra,
}: {
  name: TFormName;
  label: string;
  optional?: boolean;
  extra?: string;
}) {
  const { t } = useTranslation('shipping');
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        {
          validator: (_, value: string | undefined) =>
            (optional && (value ?? '').trim() === '') || centsOf(value ?? '') !== null
              ? Promise.resolve()
              : Promise.reject(new Error(t('validation.amount'))),
        },
      ]}
    >
      <Input inputMode="decimal" prefix="$" placeholder={optional ? '' : '0.00'} />
    </Form.Item>
  );
}

/** One method of the zone: its name, how it is priced (per item or by weight bands), its delivery days. */
function MethodCard({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('shipping');
  const { t: tSystem } = useTranslation('system');
  const form = Form.useFormInstance<TZoneFormValues>();
  const kind = Form.useWatch(['methods', index, 'kind'], form);
  const name = Form.useWatch(['methods', index, 'name'], form);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: tSystem('crud.validation.required', { field }),
  });

  return (
    <Card
      size="small"
      title={name || t('method.untitled')}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('form.removeMethod', { name: name || t('method.untitled') })}
          onClick={onRemove}
        />
      }
    >
      {/* Registered, so a saved method's id goes back with it and the method keeps it. */}
      <Form.Item name={[index, 'id']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={[index, 'name']}
            label={t('method.name')}
            rules={[required(t('method.name')), { max: 60 }]}
          >
            <Input maxLength={60} placeholder={t('method.namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={[index, 'kind']} label={t('method.kind')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'items', label: t('method.kindItems') },
                { value: 'weight', label: t('method.kindWeight') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      {kind === 'weight' ? (
        <Form.List
          name={[index, 'bands']}
          rules={[
            {
              validator: (_, bands: unknown[] | undefined) =>
                bands && bands.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.noBands'))),
            },
          ]}
        >
          {(bands, { add, remove }, { errors }) => (
            <>
              <Typography.Text type="secondary">{t('method.bandsHelp')}</Typography.Text>
              {bands.map((band) => (
                <Row key={band.key} gutter={12} align="top" style={{ marginTop: 8 }}>
                  <Col xs={11} sm={10}>
                    <Form.Item
                      name={[band.name, 'upToGrams']}
                      label={t('method.upToGrams')}
                      dependencies={
                        band.name > 0 ? [['methods', index, 'bands', band.name - 1, 'upToGrams']] : []
                      }
                      rules={[
                        {
                          required: true,
                          message: tSystem('crud.validation.required', { field: t('method.upToGrams') }),
                        },
                        {
                          validator: (_, grams: number | null | undefined) => {
                            const previous: unknown =
                              band.name > 0
                                ? form.getFieldValue(['methods', index, 'bands', band.name - 1, 'upToGrams'])
                                : null;
                            return typeof grams === 'number' &&
                              typeof previous === 'number' &&
                              grams <= previous
                              ? Promise.reject(new Error(t('validation.bandsAscending')))
                              : Promise.resolve();
                          },
                        },
                      ]}
                    >
                      <InputNumber min={1} max={MAX_BAND_GRAMS} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} sm={10}>
                    <AmountField name={[band.name, 'rate']} label={t('method.bandRate')} />
                  </Col>
                  <Col xs={3} sm={4} style={{ paddingTop: 30 }}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('form.removeBand', { number: band.name + 1 })}
                      onClick={() => remove(band.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ ...NEW_BAND })}
                style={{ margin: '8px 0 16px' }}
              >
                {t('form.addBand')}
              </Button>
            </>
          )}
        </Form.List>
      ) : (
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <AmountField name={[index, 'first']} label={t('method.first')} />
          </Col>
          <Col xs={24} sm={12}>
            <AmountField name={[index, 'additional']} label={t('method.additional')} />
          </Col>
        </Row>
      )}
      <Row gutter={12}>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'minDays']}
            label={t('method.minDays')}
            rules={[
              {
                required: true,
                message: tSystem('crud.validation.required', { field: t('method.minDays') }),
              },
            ]}
          >
            <InputNumber min={1} max={MAX_SHIPPING_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'maxDays']}
            label={t('method.maxDays')}
            dependencies={[['methods', index, 'minDays']]}
            rules={[
              {
                required: true,
                message: tSystem('crud.validation.required', { field: t('method.maxDays') }),
              },
              {
                validator: (_, maxDays: number | null | undefined) => {
                  const minDays: unknown = form.getFieldValue(['methods', index, 'minDays']);
                  return typeof maxDays === 'number' && typeof minDays === 'number' && maxDays < minDays
                    ? Promise.reject(new Error(t('validation.daysOrder')))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber min={1} max={MAX_SHIPPING_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <AmountField
            name={[index, 'freeOver']}
            label={t('method.freeOver')}
            extra={t('method.freeOverHelp')}
            optional
          />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={12} sm={6}>
          <Form.Item name={[index, 'sort']} label={t('field.sort')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={[index, 'enabled']} label={t('method.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The zone's region limits: a country of the zone and the region codes it is limited to. */
function RegionRows({ countryOptions }: { countryOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('shipping');
  const form = Form.useFormInstance<TZoneFormValues>();
  const countries = Form.useWatch('countries', form) ?? [];
  const options = countryOptions.filter((option) => countries.includes(option.value));
  return (
    <Form.List name="regions">
      {(rows, { add, remove }) => (
        <Form.Item label={t('field.regions')} extra={t('form.regionsHelp')}>
          {rows.map((row) => (
            <Row key={row.key} gutter={8} align="top">
              <Col xs={24} sm={10}>
                <Form.Item
                  name={[row.name, 'country']}
                  rules={[{ required: true, message: t('validation.regionCountry') }]}
                >
                  <Select
                    options={options}
                    aria-label={t('form.regionCountry')}
                    placeholder={t('form.regionCountry')}
                  />
                </Form.Item>
              </Col>
              <Col xs={20} sm={12}>
                <Form.Item
                  name={[row.name, 'codes']}
                  normalize={(codes: string[] | undefined) =>
                    (codes ?? []).map((code) => code.trim().toUpperCase())
                  }
                  rules={[
                    {
                      validator: (_, codes: string[] | undefined) =>
                        codes && codes.length > 0 && codes.every((code) => REGION_CODE.test(code))
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('validation.regionCodes'))),
                    },
                  ]}
                >
                  <Select
                    mode="tags"
                    tokenSeparators={[',', ' ']}
                    open={false}
                    aria-label={t('form.regionCodes')}
                    placeholder={t('form.regionCodesPlaceholder')}
                  />
                </Form.Item>
              </Col>
              <Col xs={4} sm={2}>
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('form.removeRegion')}
                  onClick={() => remove(row.name)}
                />
              </Col>
            </Row>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add({ country: undefined, codes: [] })}
          >
            {t('form.addRegion')}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}

/**
 * Shipping zones (issue 34): sets of countries (and regions) with the methods orders ship by,
 * priced per item or by weight bands in US dollars, with delivery days and an optional
 * free-shipping threshold. A country no enabled zone lists cannot be shipped to.
 */
export default function ShippingPage() {
  const { t } = useTranslation('shipping');
  const { t: tSystem } = useTranslation('system');
  const language = useAppPreferences((state) => state.language);
  const list = usePagedList(shippingRoutes.page, { keywords: '' });
  const modal = useFormModal<TZoneFormValues>();
  const [form] = Form.useForm<TZoneFormValues>();
  const confirmDelete = useConfirmDelete();
  const saveZone = useSaveShippingZone();
  const deleteZone = useDeleteShippingZone();

  const countryOptions = useMemo(() => isoCountryOptions(language), [language]);

  const countriesOf = (zone: TShippingZonePageItem) => {
    const names = zone.countries.slice(0, COUNTRIES_SHOWN).map((code) => {
      const regions = zone.regions[code] ?? [];
      const country = countryName(language, code, code);
      return regions.length > 0 ? `${country} (${regions.join(', ')})` : country;
    });
    const more = zone.countries.length - COUNTRIES_SHOWN;
    return more > 0 ? t('moreCountries', { names: names.join(', '), count: more }) : names.join(', ');
  };

  const columns: TableColumnsType<TShippingZonePageItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.countries'),
      key: 'countries',
      ellipsis: true,
      width: 320,
      render: (_, zone) => countriesOf(zone),
    },
    { title: t('field.methods'), dataIndex: 'methodCount', align: 'right' },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <StatusTag value={enabled ? 1 : 0} />,
    },
    { title: t('field.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('field.updateTime'), dataIndex: 'updateTime' },
  ];
  const actionsColumn = useActionsColumn<TShippingZonePageItem>([
    {
      kind: 'edit',
      route: shippingRoutes.update,
      ariaLabel: (zone) => t('action.edit', { name: zone.name }),
      onClick: (zone) => modal.openEdit(zone.id),
    },
    {
      kind: 'delete',
      route: shippingRoutes.delete,
      ariaLabel: (zone) => t('action.delete', { name: zone.name }),
      onClick: (zone) => confirmDelete({ onConfirm: () => deleteZone.mutateAsync(zone.id) }),
    },
  ]);

  return (
    <CrudPage
      title={t('title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={<AddButton route={shippingRoutes.create} onClick={() => modal.openCreate()} />}
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <PagedTable<TShippingZonePageItem> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <FormModal<TZoneFormValues>
        modal={modal}
        form={form}
        name="shipping-zone-form"
        title={t(modal.id === undefined ? 'form.addTitle' : 'form.editTitle')}
        initialValues={NEW_ZONE}
        load={loadZoneForm}
        fields={FORM_FIELDS}
        width={860}
        formProps={{ layout: 'vertical' }}
        onSubmit={async (values, id) => {
          try {
            return await saveZone.mutateAsync({ values: zoneRequestOf(values), id });
          } catch (error) {
            showNestedErrors(form, error, values);
            throw error;
          }
        }}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('field.name')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: tSystem('crud.validation.required', { field: t('field.name') }),
                },
                { max: 80 },
              ]}
            >
              <Input maxLength={80} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('field.sort')} extra={t('form.sortHelp')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="countries"
          label={t('field.countries')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.countries') }]}
        >
          <Select mode="multiple" options={countryOptions} optionFilterProp="label" allowClear />
        </Form.Item>
        <RegionRows countryOptions={countryOptions} />
        <Form.List name="methods">
          {(methods, { add, remove }) => (
            <Form.Item label={t('field.methods')}>
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                {methods.length === 0 ? (
                  <Typography.Text type="secondary">{t('form.noMethods')}</Typography.Text>
                ) : null}
                {methods.map((method) => (
                  <MethodCard key={method.key} index={method.name} onRemove={() => remove(method.name)} />
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ ...NEW_METHOD, sort: methods.length + 1 })}
                >
                  {t('form.addMethod')}
                </Button>
              </Space>
            </Form.Item>
          )}
        </Form.List>
      </FormModal>
    </CrudPage>
  );
}
