import { AppstoreOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_PRICE_MINOR,
  MAX_PRODUCT_IMAGES,
  ZRichDoc,
  formatPriceMinor,
  parsePriceMinor,
  productsRoutes,
  stockRoutes,
  type TCategoryOption,
  type TProductPageItem,
} from '@linkstore/contract';
import { Avatar, Form, Input, InputNumber, Space, TreeSelect, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../shared/rich-text/rich-text-field';
import { ImageUpload } from '../../shared/upload/image-upload';
import { fileUrl } from '../../shared/upload/upload-api';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField, StatusFilter } from '../shared/status';
import { AddButton, RouteButton } from '../shared/toolbar';
import { useStatusColumn } from '../shared/status-column';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import {
  categoryTreeOptionsQuery,
  loadProductForm,
  useDeleteProduct,
  useSaveProduct,
  useSetProductStatus,
  type TProductFormValues,
} from './product-api';
import { StockImportDialog } from './stock-import-dialog';
import { useExportStock } from './variant-api';
import { VariantsEditor } from './variants-editor';

const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;
const FORM_FIELDS = [
  'categoryId',
  'title',
  'description',
  'price',
  'stock',
  'sort',
  'status',
  'images',
  ...OTHER_LANGUAGES.flatMap((lang) => [`titles.${lang}`, `descriptions.${lang}`]),
] as const;
const FIELD_MAP = { platformPriceMinor: 'price' };
const NEW_PRODUCT: Partial<TProductFormValues> = {
  titles: {},
  descriptions: {},
  stock: 0,
  sort: 1,
  status: 1,
  images: [],
};
interface TProductFilters {
  keywords?: string | undefined;
  categoryId?: string | undefined;
  status?: '0' | '1' | undefined;
}
const NO_FILTERS: TProductFilters = { keywords: '', categoryId: undefined, status: undefined };

interface TTreeNode {
  value: string;
  title: string;
  selectable?: boolean;
  children?: TTreeNode[];
}

function toTreeData(options: TCategoryOption[], onlyLeaves: boolean): TTreeNode[] {
  return options.map((option) => ({
    value: option.value,
    title: option.label,
    ...(onlyLeaves ? { selectable: false } : {}),
    ...(option.children
      ? { children: option.children.map((child) => ({ value: child.value, title: child.label })) }
      : {}),
  }));
}

/** Products (issue 5): search by keywords, category and status; add, edit, delete, on sale or withdrawn. */
export default function ProductPage() {
  const { t } = useTranslation(['catalog', 'system']);
  const list = usePagedList(productsRoutes.page, NO_FILTERS);
  const modal = useFormModal<TProductFormValues>();
  const [form] = Form.useForm<TProductFormValues>();
  const confirmDelete = useConfirmDelete();
  const saveProduct = useSaveProduct();
  const deleteProduct = useDeleteProduct();
  const setStatus = useSetProductStatus();
  const exportStock = useExportStock();
  const [variantsOf, setVariantsOf] = useState<TProductPageItem | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  // How many variants the edited product has: with more than one, price and stock are theirs.
  const variantCount = Form.useWatch('variants', { form, preserve: true }) ?? 1;
  const hasVariants = modal.id !== undefined && variantCount > 1;
  const categories = useQuery(categoryTreeOptionsQuery);
  const filterTree = useMemo(() => toTreeData(categories.data ?? [], false), [categories.data]);
  const pickerTree = useMemo(() => toTreeData(categories.data ?? [], true), [categories.data]);
  const descriptionLabel = (lang: 'en' | (typeof OTHER_LANGUAGES)[number]) =>
    t('product.field.descriptionIn', { language: t(`category.language.${lang}`) });
  /** The server's own check (decision 0017): too long, or a link it would refuse. */
  const descriptionRule = {
    validator: (_: unknown, value: unknown) =>
      value === undefined || ZRichDoc.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(t('product.validation.description'))),
  };

  const remove = (product: TProductPageItem) =>
    confirmDelete({
      count: 1,
      onConfirm: () => deleteProduct.mutateAsync(product.id),
    });

  const statusColumn = useStatusColumn<TProductPageItem, { id: string; isOnSale: boolean }>({
    route: productsRoutes.status,
    mutation: setStatus,
    variables: (product, isOnSale) => ({ id: product.id, isOnSale }),
    ariaLabel: (product) => t('product.status.switch', { name: product.label }),
    successMessage: (product, isOnSale) =>
      t(isOnSale ? 'product.status.onSale' : 'product.status.withdrawn', { name: product.label }),
    confirmOff: (product) => ({
      title: t('product.status.confirmTitle'),
      content: t('product.status.confirmWithdraw', { name: product.label }),
      okText: t('product.status.confirmOk'),
    }),
  });

  const columns: TableColumnsType<TProductPageItem> = [
    {
      title: t('product.field.image'),
      dataIndex: 'imageUrl',
      render: (url: string | null, product) =>
        url ? (
          <Avatar
            shape="square"
            size={40}
            src={fileUrl(url)}
            alt={t('product.imageOf', { name: product.label })}
          />
        ) : null,
    },
    { title: t('product.field.title'), dataIndex: 'label' },
    { title: t('product.field.category'), dataIndex: 'categoryLabel' },
    {
      title: t('product.field.price'),
      dataIndex: 'platformPriceMinor',
      align: 'right',
      render: (cents: number, product) => (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>
            {product.maxPlatformPriceMinor > cents
              ? `$${formatPriceMinor(cents)} – $${formatPriceMinor(product.maxPlatformPriceMinor)}`
              : `$${formatPriceMinor(cents)}`}
          </div>
          {product.variants > 1 && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
              {t('variant.count', { number: product.variants })}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: t('product.field.stock'), dataIndex: 'stock', align: 'right' },
    statusColumn,
    { title: t('system:crud.field.sort'), dataIndex: 'sort' },
  ];
  const actionsColumn = useActionsColumn<TProductPageItem>([
    {
      kind: 'edit',
      route: productsRoutes.update,
      ariaLabel: (product) => t('product.action.edit', { name: product.label }),
      onClick: (product) => modal.openEdit(product.id),
    },
    {
      route: productsRoutes.saveVariants,
      label: t('variant.action.open'),
      icon: <AppstoreOutlined aria-hidden />,
      ariaLabel: (product) => t('variant.action.openFor', { name: product.label }),
      onClick: (product) => setVariantsOf(product),
    },
    {
      kind: 'delete',
      route: productsRoutes.delete,
      ariaLabel: (product) => t('product.action.delete', { name: product.label }),
      onClick: remove,
    },
  ]);

  return (
    <CrudPage
      title={t('product.title')}
      search={
        <SearchBar<TProductFilters> initialValues={NO_FILTERS} onSearch={list.search}>
          <KeywordsFilter placeholder={t('product.search.keywordsPlaceholder')} />
          <Form.Item name="categoryId" label={t('product.field.category')}>
            <TreeSelect
              allowClear
              style={{ width: 200 }}
              treeData={filterTree}
              treeDefaultExpandAll
              placeholder={t('product.field.category')}
              showSearch={{ treeNodeFilterProp: 'title' }}
            />
          </Form.Item>
          <StatusFilter />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={productsRoutes.create} onClick={() => modal.openCreate()} />
          <RouteButton
            route={stockRoutes.import}
            icon={<UploadOutlined aria-hidden />}
            onClick={() => setIsImportOpen(true)}
          >
            {t('stock.action.import')}
          </RouteButton>
          <RouteButton
            route={stockRoutes.export}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportStock.isPending}
            onClick={() => exportStock.mutate()}
          >
            {t('stock.action.export')}
          </RouteButton>
        </>
      }
    >
      <PagedTable<TProductPageItem> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <FormModal<TProductFormValues>
        modal={modal}
        form={form}
        name="product-form"
        width={720}
        title={t(modal.id === undefined ? 'product.form.addTitle' : 'product.form.editTitle')}
        initialValues={NEW_PRODUCT}
        load={loadProductForm}
        fields={FORM_FIELDS}
        fieldMap={FIELD_MAP}
        onSubmit={(values, id) => saveProduct.mutateAsync({ values, id })}
      >
        <Form.Item
          name="categoryId"
          label={t('product.field.category')}
          rules={[
            {
              required: true,
              message: t('system:crud.validation.select', { field: t('product.field.category') }),
            },
          ]}
        >
          <TreeSelect
            treeData={pickerTree}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            loading={categories.isFetching}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('product.field.titleIn', { language: t('category.language.en') })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('product.field.title') }),
            },
            { max: 200 },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
        {OTHER_LANGUAGES.map((lang) => (
          <Form.Item
            key={lang}
            name={['titles', lang]}
            label={t('product.field.titleIn', { language: t(`category.language.${lang}`) })}
            rules={[{ max: 200 }]}
          >
            <Input maxLength={200} placeholder={t('category.form.optional')} />
          </Form.Item>
        ))}
        <Form.Item name="description" label={descriptionLabel('en')} rules={[descriptionRule]}>
          <RichTextField label={descriptionLabel('en')} />
        </Form.Item>
        {OTHER_LANGUAGES.map((lang) => (
          <Form.Item
            key={lang}
            name={['descriptions', lang]}
            label={descriptionLabel(lang)}
            rules={[descriptionRule]}
          >
            <RichTextField label={descriptionLabel(lang)} />
          </Form.Item>
        ))}
        <Form.Item
          name="price"
          label={t('product.field.priceUsd')}
          extra={hasVariants ? t('variant.formHint', { number: variantCount }) : undefined}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('product.field.price') }),
            },
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const cents = parsePriceMinor(value);
                return cents !== null && cents >= 1 && cents <= MAX_PRICE_MINOR
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('product.validation.price')));
              },
            },
          ]}
        >
          <Input
            prefix="$"
            inputMode="decimal"
            placeholder="12.99"
            style={{ width: 200 }}
            disabled={hasVariants}
          />
        </Form.Item>
        <Form.Item name="stock" label={t('product.field.stock')}>
          <InputNumber
            min={0}
            max={1_000_000_000}
            precision={0}
            style={{ width: 200 }}
            disabled={hasVariants}
          />
        </Form.Item>
        <Form.Item name="images" label={t('product.field.images')}>
          <ImagesField />
        </Form.Item>
        <SortField />
        <StatusField />
      </FormModal>
      <VariantsEditor product={variantsOf} onClose={() => setVariantsOf(null)} />
      <StockImportDialog open={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </CrudPage>
  );
}

interface TImagesFieldProps {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
}

/** The product's images in order: one upload per image, and one more to add while there is room. */
function ImagesField({ value = [], onChange, id }: TImagesFieldProps) {
  const slots = value.length < MAX_PRODUCT_IMAGES ? [...value, null] : value;
  return (
    <Space wrap id={id}>
      {slots.map((url, index) => (
        <ImageUpload
          // An added image takes the empty slot's place; the key follows the address.
          key={url ?? `new-${value.length}`}
          purpose="product"
          value={url}
          onChange={(next) => {
            const urls = [...value];
            if (next === null) urls.splice(index, 1);
            else urls[index] = next;
            onChange?.(urls);
          }}
        />
      ))}
    </Space>
  );
}
