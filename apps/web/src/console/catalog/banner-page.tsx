import {
  bannersRoutes,
  type TBannerForm,
  type TBannerPageItem,
  type TBannerRequest,
  isSafeLink,
} from '@linkstore/contract';
import { Form, Image, Input, Typography, type FormInstance, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../shared/upload/image-upload';
import { fileUrl } from '../../shared/upload/upload-api';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField, StatusFilter } from '../shared/status';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useStatusColumn } from '../shared/status-column';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { loadBannerForm, useDeleteBanners, useSaveBanner, useSetBannerStatus } from './banner-api';

const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;
const FORM_FIELDS = [
  'title',
  'imageUrl',
  'linkUrl',
  'sort',
  'status',
  ...OTHER_LANGUAGES.map((lang) => `titles.${lang}`),
] as const;
const NEW_BANNER: Partial<TBannerRequest> = { titles: {}, linkUrl: '', sort: 1, status: 1 };
/** Same rule as the contract: a site path (one `/`, no `\`) or an http(s) address; empty for none. */
const isLinkAccepted = (value?: string) => !value?.trim() || isSafeLink(value.trim());

interface TBannerFilters {
  keywords?: string | undefined;
  status?: '0' | '1' | undefined;
}
const NO_FILTERS: TBannerFilters = { keywords: '', status: undefined };

/** The form shows an empty link as an empty field; the server stores it as none. */
async function loadForm(id: string): Promise<Partial<TBannerRequest>> {
  const { linkUrl, ...rest }: TBannerForm = await loadBannerForm(id);
  return { ...rest, linkUrl: linkUrl ?? '' };
}

/** Platform banners (issue 5): images every shop may show, with a title in five languages and a link. */
export default function BannerPage() {
  const { t } = useTranslation(['catalog', 'system']);
  const list = usePagedList(bannersRoutes.page, NO_FILTERS);
  const selection = useRowSelection<TBannerPageItem>(bannersRoutes.delete);
  const modal = useFormModal<TBannerRequest>();
  const [form] = Form.useForm<TBannerRequest>();
  const confirmDelete = useConfirmDelete();
  const saveBanner = useSaveBanner();
  const deleteBanners = useDeleteBanners();
  const setStatus = useSetBannerStatus();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteBanners.mutateAsync(ids);
        selection.clear();
      },
    });

  const statusColumn = useStatusColumn<TBannerPageItem, { id: string; isShown: boolean }>({
    route: bannersRoutes.status,
    mutation: setStatus,
    variables: (banner, isShown) => ({ id: banner.id, isShown }),
    ariaLabel: (banner) => t('banner.status.switch', { name: banner.label }),
    successMessage: (banner, isShown) =>
      t(isShown ? 'banner.status.shown' : 'banner.status.hidden', { name: banner.label }),
  });

  const columns: TableColumnsType<TBannerPageItem> = [
    {
      title: t('banner.field.image'),
      dataIndex: 'imageUrl',
      render: (url: string, banner) => (
        <Image
          width={120}
          height={40}
          style={{ objectFit: 'cover' }}
          src={fileUrl(url)}
          alt={t('banner.imageOf', { name: banner.label })}
        />
      ),
    },
    { title: t('banner.field.title'), dataIndex: 'label' },
    {
      title: t('banner.field.link'),
      dataIndex: 'linkUrl',
      ellipsis: true,
      render: (link: string | null) => (link ? <Typography.Text code>{link}</Typography.Text> : null),
    },
    statusColumn,
    { title: t('system:crud.field.sort'), dataIndex: 'sort' },
  ];
  const actionsColumn = useActionsColumn<TBannerPageItem>([
    {
      kind: 'edit',
      route: bannersRoutes.update,
      ariaLabel: (banner) => t('banner.action.edit', { name: banner.label }),
      onClick: (banner) => modal.openEdit(banner.id),
    },
    {
      kind: 'delete',
      route: bannersRoutes.delete,
      ariaLabel: (banner) => t('banner.action.delete', { name: banner.label }),
      onClick: (banner) => remove([banner.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('banner.title')}
      search={
        <SearchBar<TBannerFilters> initialValues={NO_FILTERS} onSearch={list.search}>
          <KeywordsFilter placeholder={t('banner.search.keywordsPlaceholder')} />
          <StatusFilter />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={bannersRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={bannersRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
        </>
      }
    >
      <PagedTable<TBannerPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TBannerRequest>
        modal={modal}
        form={form}
        name="banner-form"
        width={640}
        title={t(modal.id === undefined ? 'banner.form.addTitle' : 'banner.form.editTitle')}
        initialValues={NEW_BANNER}
        load={loadForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) => saveBanner.mutateAsync({ values, id })}
      >
        <Form.Item
          name="title"
          label={t('banner.field.titleIn', { language: t('category.language.en') })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('banner.field.title') }),
            },
            { max: 120 },
          ]}
        >
          <Input maxLength={120} />
        </Form.Item>
        {OTHER_LANGUAGES.map((lang) => (
          <Form.Item
            key={lang}
            name={['titles', lang]}
            label={t('banner.field.titleIn', { language: t(`category.language.${lang}`) })}
            rules={[{ max: 120 }]}
          >
            <Input maxLength={120} placeholder={t('category.form.optional')} />
          </Form.Item>
        ))}
        <Form.Item
          name="imageUrl"
          label={t('banner.field.image')}
          rules={[{ required: true, message: t('banner.validation.image') }]}
        >
          <ImageUpload purpose="banner" />
        </Form.Item>
        <Form.Item
          name="linkUrl"
          label={t('banner.field.link')}
          extra={t('banner.form.linkHelp')}
          rules={[
            {
              validator: (_, value?: string) =>
                isLinkAccepted(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('banner.validation.link'))),
            },
            { max: 500 },
          ]}
        >
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <SortField />
        <StatusField />
        <BannerPreview form={form} />
      </FormModal>
    </CrudPage>
  );
}

/** How the banner looks in a shop: the image with its English title over it. */
function BannerPreview({ form }: { form: FormInstance<TBannerRequest> }) {
  const { t } = useTranslation('catalog');
  const imageUrl = Form.useWatch('imageUrl', form);
  const title = Form.useWatch('title', form);
  if (!imageUrl) return null;
  return (
    <figure aria-label={t('banner.preview')} style={{ margin: 0, position: 'relative' }}>
      <img
        src={fileUrl(imageUrl)}
        alt=""
        style={{ width: '100%', aspectRatio: '3 / 1', objectFit: 'cover', borderRadius: 8, display: 'block' }}
      />
      {title ? (
        <figcaption
          style={{
            position: 'absolute',
            insetInline: 0,
            bottom: 0,
            padding: '8px 12px',
            color: '#fff',
            background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.6))',
            borderRadius: '0 0 8px 8px',
          }}
        >
          {title}
        </figcaption>
      ) : null}
    </figure>
  );
}
