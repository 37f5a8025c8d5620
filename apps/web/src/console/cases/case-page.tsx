import { EyeOutlined } from '@ant-design/icons';
import { CASE_STATUSES, casesRoutes, type TCaseStatus, type TConsoleCase } from '@linkstore/contract';
import { Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar } from '../shared/search-bar';
import { usePagedList } from '../shared/use-paged-list';
import { CaseDetailDrawer } from './case-detail';
import { CaseAge, CaseStatusTag } from './case-parts';

interface TFilters {
  status?: TCaseStatus | undefined;
  orderNo: string;
}
/** The queue opens on what waits for an operator. */
const INITIAL_FILTERS: TFilters = { status: 'new', orderNo: '' };

/**
 * The case queue (`commerce/cases`, issue 35): problems buyers reported after shipping, open ones
 * oldest first with their age (the SLA), filtered by status; a case opens in a drawer with its
 * actions.
 */
export default function CasePage() {
  const { t } = useTranslation('orders');
  const list = usePagedList(casesRoutes.page, INITIAL_FILTERS);
  const [openId, setOpenId] = useState<string | undefined>();

  const columns: TableColumnsType<TConsoleCase> = [
    {
      title: t('cases.age.title'),
      dataIndex: 'openedAt',
      render: (openedAt: string, row) => <CaseAge openedAt={openedAt} resolvedAt={row.resolvedAt} />,
    },
    { title: t('console.orderNo'), dataIndex: 'orderNo' },
    { title: t('console.shop'), dataIndex: 'shopName' },
    {
      title: t('console.product'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <>
          {title}
          {row.variantLabel && <Typography.Text type="secondary"> — {row.variantLabel}</Typography.Text>}
        </>
      ),
    },
    {
      title: t('cases.reason'),
      dataIndex: 'reason',
      render: (reason: TConsoleCase['reason']) => t(`cases.reasons.${reason}`),
    },
    {
      title: t('console.status'),
      dataIndex: 'status',
      render: (status: TCaseStatus, row) => <CaseStatusTag status={status} resolution={row.resolution} />,
    },
    { title: t('cases.photos'), dataIndex: 'photoCount', align: 'right' },
  ];
  const actionsColumn = useActionsColumn<TConsoleCase>([
    {
      route: casesRoutes.detail,
      label: t('cases.open'),
      icon: <EyeOutlined aria-hidden />,
      ariaLabel: (row) => t('cases.openLabel', { id: row.id, orderNo: row.orderNo }),
      onClick: (row) => setOpenId(row.id),
    },
  ]);

  return (
    <CrudPage
      title={t('cases.title')}
      search={
        <SearchBar<TFilters> initialValues={INITIAL_FILTERS} onSearch={list.search}>
          <Form.Item name="status" label={t('console.status')}>
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('console.all')}
              options={CASE_STATUSES.map((status) => ({ value: status, label: t(`cases.status.${status}`) }))}
            />
          </Form.Item>
          <Form.Item name="orderNo" label={t('console.orderNo')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
      }
    >
      <PagedTable<TConsoleCase> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      <CaseDetailDrawer caseId={openId} onClose={() => setOpenId(undefined)} />
    </CrudPage>
  );
}
