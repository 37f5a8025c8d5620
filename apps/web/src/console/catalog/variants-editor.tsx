import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANT_STOCK,
  MAX_VARIANTS,
  MAX_WEIGHT_GRAMS,
  variantLabel,
  type TProductPageItem,
  type TProductVariants,
} from '@linkstore/contract';
import {
  Alert,
  App,
  Avatar,
  Button,
  Drawer,
  Flex,
  Input,
  InputNumber,
  Select,
  Spin,
  Switch,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { fileUrl } from '../../shared/upload/upload-api';
import { CONSOLE_TABLE_LAYOUT } from '../shared/table-layout';
import { productFormQuery, productVariantsQuery, useSaveVariants } from './variant-api';
import {
  TRANSLATED_LANGUAGES,
  addOption,
  addValue,
  bulkSet,
  checkDraft,
  combinationCount,
  draftOf,
  isCost,
  isStock,
  isWeight,
  moveValue,
  optionError,
  placeServerErrors,
  removeOption,
  removeValue,
  setOptionName,
  setOptionTranslation,
  setValue,
  setValueTranslation,
  setVariant,
  toRequest,
  valueError,
  valuesOf,
  variantError,
  type TBulkColumn,
  type TDraftErrors,
  type TOptionDraft,
  type TTranslatedLanguage,
  type TVariantDraft,
  type TVariantsDraft,
} from './variant-grid';
import styles from './variants-editor.module.css';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A product's options and variants (decision 0055), in a drawer (the whole width on phones):
 * up to three options with their values in order, the grid of variants that follows them (one
 * per combination; a combination that had a variant keeps it), each variant's SKU, cost, stock,
 * weight, image and on/off, a column set at once for all or the selected variants; saved at once.
 * Closed when `product` is null.
 */
export function VariantsEditor({
  product,
  onClose,
}: {
  product: TProductPageItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  const isPhone = useIsPhone();
  return (
    <Drawer
      open={product !== null}
      onClose={onClose}
      title={product ? t('variant.title', { name: product.label }) : ''}
      size={isPhone ? '100%' : 'min(1200px, 100vw)'}
      rootClassName={styles.editor}
      styles={{ body: { padding: isPhone ? 12 : 24, paddingBottom: 0 } }}
      destroyOnHidden
    >
      {product && <VariantsLoader key={product.id} product={product} onClose={onClose} />}
    </Drawer>
  );
}

/** Loads the variants afresh at each opening (and the product's images, for the pickers). */
function VariantsLoader({ product, onClose }: { product: TProductPageItem; onClose: () => void }) {
  const fresh = { gcTime: 0, refetchOnWindowFocus: false } as const;
  const variants = useQuery({ ...productVariantsQuery(product.id), ...fresh });
  const form = useQuery({ ...productFormQuery(product.id), ...fresh });
  // A failure has been told by the http client.
  if (variants.isError) return null;
  if (variants.isPending || form.isPending) return <Spin />;
  return (
    <VariantsForm
      product={product}
      loaded={variants.data}
      images={form.data?.images ?? []}
      onClose={onClose}
    />
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <Typography.Text type="danger" id={id} className={styles.error}>
      {message}
    </Typography.Text>
  ) : null;
}

function VariantsForm({
  product,
  loaded,
  images,
  onClose,
}: {
  product: TProductPageItem;
  loaded: TProductVariants;
  images: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['catalog', 'system']);
  const { message } = App.useApp();
  const isPhone = useIsPhone();
  const id = useId();
  const saveVariants = useSaveVariants();
  const [draft, setDraft] = useState<TVariantsDraft>(() => draftOf(loaded));
  const [errors, setErrors] = useState<TDraftErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [openTranslations, setOpenTranslations] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);

  const combos = combinationCount(draft.options);
  const isTooMany = combos > MAX_VARIANTS;
  const errorId = (key: string) => `${id}-${key.replace(/\W/g, '-')}`;
  const language = (lang: TTranslatedLanguage) => t(`category.language.${lang}`);
  const optionLabel = (option: TOptionDraft, i: number) =>
    option.name.trim() || t('variant.option.fallback', { n: i + 1 });
  const labelOf = (variant: TVariantDraft) =>
    draft.options.length === 0
      ? t('variant.grid.only')
      : variantLabel(valuesOf(draft, variant).map((text) => text || '…'));

  /**
   * An edit forgets the error of what it changed (`errorKey`); a change of the grid's shape, all
   * of them (`undefined`); a translation, none (`null`).
   */
  const edit = (change: (draft: TVariantsDraft) => TVariantsDraft, errorKey?: string | null) => {
    setDraft(change);
    setErrors((current) => {
      if (errorKey === undefined) return {};
      if (errorKey === null || !(errorKey in current)) return current;
      const { [errorKey]: _gone, ...rest } = current;
      return rest;
    });
  };

  const toggleTranslations = (optionKey: string) =>
    setOpenTranslations((open) => {
      const next = new Set(open);
      if (next.has(optionKey)) next.delete(optionKey);
      else next.add(optionKey);
      return next;
    });

  /** Shows the page of the first variant with an error. */
  const showFirstError = (found: TDraftErrors, variants: readonly TVariantDraft[]) => {
    const index = variants.findIndex((variant) =>
      Object.keys(found).some((key) => key.startsWith(`variant:${variant.key}:`)),
    );
    if (index >= 0) setPage(Math.floor(index / pageSize) + 1);
  };

  const save = () => {
    if (isTooMany) return;
    const found = checkDraft(draft, {
      optionName: t('variant.validation.optionName'),
      optionTwice: t('variant.validation.optionTwice'),
      value: t('variant.validation.value'),
      valueTwice: t('variant.validation.valueTwice'),
      sku: t('variant.validation.sku'),
      skuTwice: t('variant.validation.skuTwice'),
      cost: t('product.validation.price'),
      stock: t('variant.validation.stock', { max: MAX_VARIANT_STOCK }),
      weight: t('variant.validation.weight', { max: MAX_WEIGHT_GRAMS }),
    });
    setOtherErrors([]);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showFirstError(found, draft.variants);
      void message.error(t('variant.validation.fix'));
      return;
    }
    const sent = draft;
    saveVariants.mutate(
      { id: product.id, body: toRequest(sent) },
      {
        onSuccess: () => {
          void message.success(t('variant.saved'));
          onClose();
        },
        // The http client has shown the refusal; its fields go on their cells.
        onError: (error) => {
          if (!isHttpError(error) || !error.data) return;
          const placed = placeServerErrors(sent, error.data.fields);
          setErrors(placed.errors);
          setOtherErrors(placed.other);
          showFirstError(placed.errors, sent.variants);
        },
      },
    );
  };

  // ── The options ──

  const optionsSection = (
    <section className={styles.section} aria-labelledby={`${id}-options`}>
      <h3 id={`${id}-options`} className={styles.sectionTitle}>
        {t('variant.option.title')}
      </h3>
      <Typography.Text type="secondary" className={styles.hint}>
        {t('variant.option.hint', { max: MAX_OPTIONS })}
      </Typography.Text>
      <ol className={styles.optionList}>
        {draft.options.map((option, i) => {
          const label = optionLabel(option, i);
          const nameError = errors[optionError(option.key, 'name')];
          const valuesError = errors[optionError(option.key, 'values')];
          const isTranslating = openTranslations.has(option.key);
          return (
            <li key={option.key} className={styles.option}>
              <div className={styles.line}>
                <Input
                  className={styles.grow}
                  value={option.name}
                  maxLength={40}
                  placeholder={t('variant.option.namePlaceholder')}
                  aria-label={t('variant.option.name', { n: i + 1 })}
                  status={nameError ? 'error' : undefined}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? errorId(optionError(option.key, 'name')) : undefined}
                  onChange={(event) =>
                    edit(
                      (d) => setOptionName(d, option.key, event.target.value),
                      optionError(option.key, 'name'),
                    )
                  }
                />
                <Button
                  icon={<TranslationOutlined aria-hidden />}
                  aria-expanded={isTranslating}
                  aria-label={t('variant.option.translations', { name: label })}
                  onClick={() => toggleTranslations(option.key)}
                />
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('variant.option.remove', { name: label })}
                  onClick={() => edit((d) => removeOption(d, option.key))}
                />
              </div>
              <FieldError id={errorId(optionError(option.key, 'name'))} message={nameError} />
              {isTranslating && (
                <div className={styles.translations}>
                  {TRANSLATED_LANGUAGES.map((lang) => (
                    <label key={lang}>
                      <Typography.Text type="secondary">
                        {t('variant.option.nameIn', { language: language(lang) })}
                      </Typography.Text>
                      <Input
                        value={option.names[lang] ?? ''}
                        maxLength={40}
                        placeholder={t('category.form.optional')}
                        onChange={(event) =>
                          edit((d) => setOptionTranslation(d, option.key, lang, event.target.value), null)
                        }
                      />
                    </label>
                  ))}
                </div>
              )}
              <ol className={styles.valueList} aria-label={t('variant.option.valuesOf', { name: label })}>
                {option.values.map((value, j) => {
                  const text = value.value.trim() || t('variant.option.valueFallback', { n: j + 1 });
                  const error = errors[valueError(value.key)];
                  return (
                    <li key={value.key}>
                      <div className={styles.line}>
                        <Input
                          className={styles.grow}
                          value={value.value}
                          maxLength={40}
                          aria-label={t('variant.option.value', { n: j + 1, name: label })}
                          status={error ? 'error' : undefined}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId(valueError(value.key)) : undefined}
                          onChange={(event) =>
                            edit(
                              (d) => setValue(d, option.key, value.key, event.target.value),
                              valueError(value.key),
                            )
                          }
                        />
                        <Button
                          icon={<ArrowUpOutlined aria-hidden />}
                          aria-label={t('variant.option.moveUp', { value: text })}
                          disabled={j === 0}
                          onClick={() => edit((d) => moveValue(d, option.key, value.key, -1))}
                        />
                        <Button
                          icon={<ArrowDownOutlined aria-hidden />}
                          aria-label={t('variant.option.moveDown', { value: text })}
                          disabled={j === option.values.length - 1}
                          onClick={() => edit((d) => moveValue(d, option.key, value.key, 1))}
                        />
                        <Button
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('variant.option.removeValue', { value: text })}
                          disabled={option.values.length <= 1}
                          onClick={() => edit((d) => removeValue(d, option.key, value.key))}
                        />
                      </div>
                      <FieldError id={errorId(valueError(value.key))} message={error} />
                      {isTranslating && (
                        <div className={styles.translations}>
                          {TRANSLATED_LANGUAGES.map((lang) => (
                            <Input
                              key={lang}
                              value={value.values[lang] ?? ''}
                              maxLength={40}
                              placeholder={language(lang)}
                              aria-label={t('variant.option.valueIn', {
                                value: text,
                                language: language(lang),
                              })}
                              onChange={(event) =>
                                edit(
                                  (d) =>
                                    setValueTranslation(d, option.key, value.key, lang, event.target.value),
                                  null,
                                )
                              }
                            />
                          ))}
                        </div>
                      )}
                    </li>
                  );
                })}
              </ol>
              <FieldError id={errorId(optionError(option.key, 'values'))} message={valuesError} />
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                disabled={option.values.length >= MAX_OPTION_VALUES}
                onClick={() => edit((d) => addValue(d, option.key))}
              >
                {t('variant.option.addValue', { name: label })}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden />}
        disabled={draft.options.length >= MAX_OPTIONS}
        onClick={() => edit(addOption)}
      >
        {t('variant.option.add')}
      </Button>
      {isTooMany && (
        <Alert
          className={styles.alert}
          type="error"
          showIcon
          title={t('variant.validation.tooMany', { number: combos, max: MAX_VARIANTS })}
        />
      )}
    </section>
  );

  // ── The grid ──

  const imageOptions = useMemo(() => {
    const urls = [...images];
    for (const variant of draft.variants) {
      if (variant.imageUrl !== null && !urls.includes(variant.imageUrl)) urls.push(variant.imageUrl);
    }
    return urls.map((url, i) => ({ value: url, label: t('variant.grid.imageN', { n: i + 1 }) }));
  }, [images, draft.variants, t]);
  /** In the list, each image with its picture. */
  const imageOption = (option: { value?: string | number | null; label?: ReactNode }) => (
    <Flex gap={8} align="center">
      <Avatar shape="square" size={24} src={fileUrl(String(option.value ?? ''))} alt="" />
      {option.label}
    </Flex>
  );

  const cell = (variant: TVariantDraft, column: Parameters<typeof variantError>[1], control: ReactNode) => (
    <>
      {control}
      <FieldError
        id={errorId(variantError(variant.key, column))}
        message={errors[variantError(variant.key, column)]}
      />
    </>
  );
  const invalid = (variant: TVariantDraft, column: Parameters<typeof variantError>[1]) => {
    const error = errors[variantError(variant.key, column)];
    return error
      ? {
          status: 'error' as const,
          'aria-invalid': true,
          'aria-describedby': errorId(variantError(variant.key, column)),
        }
      : {};
  };
  const change = (
    variant: TVariantDraft,
    column: Parameters<typeof variantError>[1],
    fields: Parameters<typeof setVariant>[2],
  ) => edit((d) => setVariant(d, variant.key, fields), variantError(variant.key, column));

  const columns: TableColumnsType<TVariantDraft> = [
    {
      title: t('variant.grid.variant'),
      key: 'label',
      render: (_, variant) =>
        cell(variant, 'values', <span className={styles.label}>{labelOf(variant)}</span>),
    },
    {
      title: t('variant.grid.sku'),
      key: 'sku',
      render: (_, variant) =>
        cell(
          variant,
          'sku',
          <Input
            className={styles.skuInput}
            value={variant.sku}
            maxLength={64}
            aria-label={t('variant.grid.skuOf', { name: labelOf(variant) })}
            {...invalid(variant, 'sku')}
            onChange={(event) => change(variant, 'sku', { sku: event.target.value })}
          />,
        ),
    },
    {
      title: t('variant.grid.cost'),
      key: 'cost',
      render: (_, variant) =>
        cell(
          variant,
          'cost',
          <Input
            className={styles.costInput}
            prefix="$"
            inputMode="decimal"
            value={variant.cost}
            aria-label={t('variant.grid.costOf', { name: labelOf(variant) })}
            {...invalid(variant, 'cost')}
            onChange={(event) => change(variant, 'cost', { cost: event.target.value })}
          />,
        ),
    },
    {
      title: t('variant.grid.stock'),
      key: 'stock',
      render: (_, variant) =>
        cell(
          variant,
          'stock',
          <InputNumber<number>
            className={styles.numberInput}
            min={0}
            max={MAX_VARIANT_STOCK}
            precision={0}
            value={variant.stock}
            aria-label={t('variant.grid.stockOf', { name: labelOf(variant) })}
            {...invalid(variant, 'stock')}
            onChange={(value) => change(variant, 'stock', { stock: value ?? 0 })}
          />,
        ),
    },
    {
      title: t('variant.grid.weight'),
      key: 'weightGrams',
      render: (_, variant) =>
        cell(
          variant,
          'weightGrams',
          <InputNumber<number>
            className={styles.numberInput}
            min={0}
            max={MAX_WEIGHT_GRAMS}
            precision={0}
            value={variant.weightGrams}
            aria-label={t('variant.grid.weightOf', { name: labelOf(variant) })}
            {...invalid(variant, 'weightGrams')}
            onChange={(value) => change(variant, 'weightGrams', { weightGrams: value ?? 0 })}
          />,
        ),
    },
    {
      title: t('variant.grid.image'),
      key: 'imageUrl',
      render: (_, variant) =>
        cell(
          variant,
          'imageUrl',
          <Select<string>
            className={styles.imageSelect}
            allowClear
            value={variant.imageUrl ?? undefined}
            placeholder={t('variant.grid.productImages')}
            options={imageOptions}
            optionRender={(option) => imageOption(option.data)}
            aria-label={t('variant.grid.imageOf', { name: labelOf(variant) })}
            {...invalid(variant, 'imageUrl')}
            onChange={(url) => change(variant, 'imageUrl', { imageUrl: url ?? null })}
          />,
        ),
    },
    {
      title: t('variant.grid.status'),
      key: 'status',
      render: (_, variant) =>
        cell(
          variant,
          'status',
          <Switch
            checked={variant.status === 1}
            aria-label={t('variant.grid.statusOf', { name: labelOf(variant) })}
            onChange={(isOn) => change(variant, 'status', { status: isOn ? 1 : 0 })}
          />,
        ),
    },
  ];

  const variantKeys = new Set(draft.variants.map((variant) => variant.key));
  const selectedKeys = selected.filter((key) => variantKeys.has(key));

  return (
    <div className={styles.form}>
      {otherErrors.length > 0 && (
        <Alert className={styles.alert} type="error" showIcon title={otherErrors.join(' ')} />
      )}
      {optionsSection}
      <section className={styles.section} aria-labelledby={`${id}-grid`}>
        <h3 id={`${id}-grid`} className={styles.sectionTitle}>
          {t('variant.grid.title', { number: draft.variants.length })}
        </h3>
        <BulkBar
          selectedCount={selectedKeys.length}
          onApply={(column, value, isSelectedOnly) =>
            edit((d) => bulkSet(d, isSelectedOnly ? new Set(selectedKeys) : null, column, value))
          }
        />
        <Table<TVariantDraft>
          {...CONSOLE_TABLE_LAYOUT}
          rowKey="key"
          columns={columns}
          dataSource={draft.variants}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (variant) => ({
              'aria-label': t('variant.grid.select', { name: labelOf(variant) }),
            }),
          }}
          pagination={{
            // A removed value can leave fewer pages than the one shown.
            current: Math.min(page, Math.max(1, Math.ceil(draft.variants.length / pageSize))),
            pageSize,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: !isPhone,
            simple: isPhone,
            hideOnSinglePage: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      </section>
      <div className={styles.footer}>
        <Button onClick={onClose}>{t('system:crud.cancel')}</Button>
        <Button type="primary" loading={saveVariants.isPending} disabled={isTooMany} onClick={save}>
          {t('system:crud.save')}
        </Button>
      </div>
    </div>
  );
}

/** Sets one column (cost, stock, weight or on/off) of the selected variants, or of all of them. */
function BulkBar({
  selectedCount,
  onApply,
}: {
  selectedCount: number;
  onApply: <C extends TBulkColumn>(column: C, value: TVariantDraft[C], isSelectedOnly: boolean) => void;
}) {
  const { t } = useTranslation('catalog');
  const [column, setColumn] = useState<TBulkColumn>('cost');
  const [cost, setCost] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [status, setStatus] = useState<0 | 1>(1);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const apply = (isSelectedOnly: boolean) => {
    setProblem(null);
    if (column === 'cost') {
      if (!isCost(cost)) return setProblem(t('product.validation.price'));
      // The amount as typed, in every cell: sent as integer cents like a typed one.
      onApply('cost', cost.trim(), isSelectedOnly);
    } else if (column === 'status') onApply('status', status, isSelectedOnly);
    else if (column === 'stock') {
      if (count === null || !isStock(count))
        return setProblem(t('variant.validation.stock', { max: MAX_VARIANT_STOCK }));
      onApply('stock', count, isSelectedOnly);
    } else {
      if (count === null || !isWeight(count))
        return setProblem(t('variant.validation.weight', { max: MAX_WEIGHT_GRAMS }));
      onApply('weightGrams', count, isSelectedOnly);
    }
  };

  const valueProps = {
    'aria-label': t('variant.bulk.value'),
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? problemId : undefined,
  };
  return (
    <div className={styles.bulk} role="group" aria-label={t('variant.bulk.title')}>
      <Select<TBulkColumn>
        className={styles.bulkColumn}
        value={column}
        aria-label={t('variant.bulk.column')}
        options={[
          { value: 'cost', label: t('variant.grid.cost') },
          { value: 'stock', label: t('variant.grid.stock') },
          { value: 'weightGrams', label: t('variant.grid.weight') },
          { value: 'status', label: t('variant.grid.status') },
        ]}
        onChange={(next) => {
          setColumn(next);
          setProblem(null);
        }}
      />
      {column === 'cost' ? (
        <Input
          className={styles.costInput}
          prefix="$"
          inputMode="decimal"
          placeholder="12.99"
          value={cost}
          {...valueProps}
          onChange={(event) => setCost(event.target.value)}
        />
      ) : column === 'status' ? (
        <Select<0 | 1>
          className={styles.bulkColumn}
          value={status}
          options={[
            { value: 1, label: t('variant.bulk.on') },
            { value: 0, label: t('variant.bulk.off') },
          ]}
          {...valueProps}
          onChange={setStatus}
        />
      ) : (
        <InputNumber<number>
          className={styles.numberInput}
          min={0}
          max={column === 'stock' ? MAX_VARIANT_STOCK : MAX_WEIGHT_GRAMS}
          precision={0}
          value={count}
          {...valueProps}
          onChange={setCount}
        />
      )}
      <Button disabled={selectedCount === 0} onClick={() => apply(true)}>
        {t('variant.bulk.applySelected', { number: selectedCount })}
      </Button>
      <Button onClick={() => apply(false)}>{t('variant.bulk.applyAll')}</Button>
      {problem && (
        <Typography.Text type="danger" id={problemId} className={styles.bulkProblem}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
