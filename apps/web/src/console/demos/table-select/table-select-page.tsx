import { useTranslation } from 'react-i18next';
import { usersRoutes, type TUserPageItem } from '@linkstore/contract';
import { Alert, Form, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCanCall } from '../../../shared/permission/access';
import { DemoCard, DemoFrame } from '../demo-frame';
import { TableSelect, type TChosen, type TTableSelectTexts } from './table-select';

const keyOf = (row: TUserPageItem) => row.id;
const labelOf = (row: TUserPageItem) => (row.nickname ? `${row.nickname} (${row.username})` : row.username);

/** The table select demo: one user, then several, picked from the users list. */
export default function TableSelectPage() {
  const { t } = useTranslation('demo-pages');
  const canCall = useCanCall();
  const [one, setOne] = useState<TChosen[]>([]);
  const [several, setSeveral] = useState<TChosen[]>([]);

  const columns: TableColumnsType<TUserPageItem> = [
    { title: t('tableSelect.column.username'), dataIndex: 'username' },
    { title: t('tableSelect.column.nickname'), dataIndex: 'nickname' },
    {
      title: t('tableSelect.column.dept'),
      dataIndex: 'deptName',
      render: (value: string | null) => value ?? '—',
    },
  ];
  const texts = (title: string): TTableSelectTexts => ({
    open: t('tableSelect.open'),
    title,
    placeholder: t('tableSelect.placeholder'),
    keywords: t('tableSelect.keywords'),
    keywordsPlaceholder: t('tableSelect.keywordsPlaceholder'),
    remove: (label) => t('tableSelect.remove', { label }),
    ok: t('tableSelect.ok'),
    cancel: t('tableSelect.cancel'),
    selectColumn: t('tableSelect.selectColumn'),
    selectedCount: (count) => t('tableSelect.selectedCount', { count }),
  });

  if (!canCall(usersRoutes.page))
    return (
      <DemoFrame title={t('tableSelect.title')} intro={t('tableSelect.intro')}>
        <Alert type="info" showIcon title={t('tableSelect.noAccess')} />
      </DemoFrame>
    );

  return (
    <DemoFrame title={t('tableSelect.title')} intro={t('tableSelect.intro')}>
      <DemoCard title={t('tableSelect.single')}>
        <Form layout="vertical">
          <Form.Item label={t('tableSelect.singleLabel')}>
            <TableSelect
              label={t('tableSelect.singleLabel')}
              route={usersRoutes.page}
              columns={columns}
              keyOf={keyOf}
              labelOf={labelOf}
              value={one}
              onChange={setOne}
              texts={texts(t('tableSelect.singleTitle'))}
            />
          </Form.Item>
        </Form>
        <Chosen label={t('tableSelect.value')} chosen={one} none={t('tableSelect.none')} />
      </DemoCard>
      <DemoCard title={t('tableSelect.multiple')}>
        <Form layout="vertical">
          <Form.Item label={t('tableSelect.multipleLabel')}>
            <TableSelect
              label={t('tableSelect.multipleLabel')}
              multiple
              route={usersRoutes.page}
              columns={columns}
              keyOf={keyOf}
              labelOf={labelOf}
              value={several}
              onChange={setSeveral}
              texts={texts(t('tableSelect.multipleTitle'))}
            />
          </Form.Item>
        </Form>
        <Chosen label={t('tableSelect.value')} chosen={several} none={t('tableSelect.none')} />
      </DemoCard>
    </DemoFrame>
  );
}

/** The field's value as a form would send it: the chosen ids. */
function Chosen({ label, chosen, none }: { label: string; chosen: TChosen[]; none: string }) {
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      {label}{' '}
      <Typography.Text code data-testid="chosen-ids">
        {chosen.length === 0 ? none : chosen.map((item) => item.key).join(', ')}
      </Typography.Text>
    </Typography.Paragraph>
  );
}
