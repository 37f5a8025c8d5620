import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ZShopUrl, type TShopBanner, type TShopBannerRequest } from '@linkstore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { ImageUpload } from '../../shared/upload/image-upload';
import { fileUrl } from '../../shared/upload/upload-api';
import { bannersQuery, orderBanners, useDeleteBanner, useSaveBanner } from './api';
import { saveOrderOptimistically } from './optimistic-order';
import { applyOrder } from './ordering';
import styles from './product-page.module.css';
import { DragHandle, SortableGroup, useSortableItem } from './sortable';

interface TBannerFormValues {
  imageUrl: string | null;
  title?: string;
  linkUrl?: string;
}

/** The banner being edited: a new one, or one of the list. */
type TEditing = { banner: TShopBanner | null } | null;

/** The shop's banners as cards: add, edit, delete and drag into the order the shop shows them. */
export function BannersTab() {
  const { t } = useTranslation('studio');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const banners = useQuery(bannersQuery);
  const [editing, setEditing] = useState<TEditing>(null);
  const list = banners.data ?? [];

  const deleteBanner = useDeleteBanner();

  const move = async (ids: string[]) => {
    const saved = await saveOrderOptimistically<TShopBanner[]>({
      queryClient,
      queryKey: bannersQuery.queryKey,
      update: (current) => applyOrder(current, ids),
      save: () => orderBanners(ids),
    });
    if (!saved) void message.error(t('product.order.failed'));
  };

  const remove = (banner: TShopBanner) =>
    modal.confirm({
      title: t('product.banner.deleteTitle'),
      content: t('product.banner.deleteConfirm', { name: banner.title || t('product.banner.untitled') }),
      okText: t('product.banner.delete'),
      okButtonProps: { danger: true },
      cancelText: t('product.cancel'),
      onOk: () =>
        deleteBanner
          .mutateAsync(banner.id)
          .then(() => void message.success(t('product.banner.deleted')), alreadyShown),
    });

  const nameOf = (id: string) =>
    list.find((banner) => banner.id === id)?.title || t('product.banner.untitled');

  return (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ banner: null })}>
        {t('product.banner.add')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('product.banner.hint')}
      </Typography.Paragraph>
      {banners.isLoading && <Spin />}
      {!banners.isLoading && list.length === 0 && <Empty description={t('product.banner.empty')} />}
      <SortableGroup
        layout="grid"
        ids={list.map((banner) => banner.id)}
        nameOf={nameOf}
        onMove={(ids) => void move(ids)}
      >
        <ul className={styles.banners} aria-label={t('product.tabs.banners')}>
          {list.map((banner) => (
            <BannerCard
              key={banner.id}
              banner={banner}
              onEdit={() => setEditing({ banner })}
              onDelete={() => remove(banner)}
            />
          ))}
        </ul>
      </SortableGroup>
      {editing && (
        <BannerModal
          banner={editing.banner}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void message.success(t('product.banner.saved'));
          }}
        />
      )}
    </>
  );
}

interface BannerCardProps {
  banner: TShopBanner;
  onEdit: () => void;
  onDelete: () => void;
}

function BannerCard({ banner, onEdit, onDelete }: BannerCardProps) {
  const { t } = useTranslation('studio');
  const { setNodeRef, style, handle } = useSortableItem(banner.id);
  const name = banner.title || t('product.banner.untitled');
  return (
    <li ref={setNodeRef} style={style}>
      <Card
        size="small"
        cover={<img className={styles.bannerImage} src={fileUrl(banner.imageUrl)} alt={name} />}
        actions={[
          <DragHandle key="drag" binding={handle} label={t('product.drag.banner', { name })} />,
          <Button
            key="edit"
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('product.banner.editNamed', { name })}
            onClick={onEdit}
          />,
          <Button
            key="delete"
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('product.banner.deleteNamed', { name })}
            onClick={onDelete}
          />,
        ]}
      >
        <Card.Meta title={name} description={banner.linkUrl ?? t('product.banner.noLink')} />
      </Card>
    </li>
  );
}

interface BannerModalProps {
  banner: TShopBanner | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The request a filled form sends: a blank link or title left out. */
export function toBannerRequest(values: TBannerFormValues): TShopBannerRequest {
  const title = values.title?.trim();
  const linkUrl = values.linkUrl?.trim();
  return {
    imageUrl: values.imageUrl ?? '',
    linkUrl: linkUrl ? linkUrl : null,
    ...(title ? { title } : {}),
  };
}

function BannerModal({ banner, onClose, onSaved }: BannerModalProps) {
  const { t } = useTranslation('studio');
  const [form] = Form.useForm<TBannerFormValues>();
  const saveBanner = useSaveBanner();

  // The http client tells a refusal; the form stays open to fix it.
  const submit = (values: TBannerFormValues) =>
    saveBanner.mutate({ values: toBannerRequest(values), id: banner?.id }, { onSuccess: onSaved });

  return (
    <Modal
      open
      title={t(banner ? 'product.banner.edit' : 'product.banner.add')}
      okText={t('product.save')}
      cancelText={t('product.cancel')}
      confirmLoading={saveBanner.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<TBannerFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          imageUrl: banner?.imageUrl ?? null,
          title: banner?.title ?? '',
          linkUrl: banner?.linkUrl ?? '',
        }}
        onFinish={submit}
      >
        <Form.Item
          name="imageUrl"
          label={t('product.banner.image')}
          rules={[{ required: true, message: t('product.banner.imageRequired') }]}
        >
          <ImageUpload purpose="banner" />
        </Form.Item>
        <Form.Item name="title" label={t('product.banner.title')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          name="linkUrl"
          label={t('product.banner.link')}
          extra={t('product.banner.linkHint')}
          rules={[
            {
              validator: (_, value?: string) =>
                !value?.trim() || ZShopUrl.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('product.banner.linkInvalid'))),
            },
          ]}
        >
          <Input placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
