import { casesRoutes, type TConsoleCaseDetail, type TConsoleCaseEvent } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Timeline,
  Typography,
} from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { isHttpError } from '../../shared/http/http-error';
import { isRefusal } from '../../shared/http/idempotency-key';
import { newIdempotencyKey } from '../../shared/idempotency-key';
import { useCanCall } from '../../shared/permission/access';
import {
  caseDetailQuery,
  useAskBuyer,
  useCasePhoto,
  useDeclineCase,
  useRefundCase,
  useReshipCase,
} from './api';
import { CaseAge, CaseStatusTag } from './case-parts';

type TAction = 'refund' | 'reship' | 'decline' | 'ask';

const EVENT_COLOURS: Record<TConsoleCaseEvent['kind'], string> = {
  opened: 'blue',
  asked: 'orange',
  replied: 'blue',
  refunded: 'green',
  reshipped: 'green',
  declined: 'gray',
  refund_failed: 'red',
};

/** The server's refusal in a dialog (translated by the server), its field messages under it. */
function problemOf(error: unknown): string[] {
  if (!isHttpError(error)) return [String(error)];
  const fields = error.data?.fields.map((field) => field.message) ?? [];
  return [error.msg, ...fields.filter((message) => message !== error.msg)];
}

function Problem({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={
        messages.length === 1 ? (
          messages[0]
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

/**
 * One case (`casesRoutes.detail`) in a drawer: the order and line, the buyer's words and photos,
 * its history and age; its actions for an operator allowed to (each opens its dialog).
 */
export function CaseDetailDrawer({ caseId, onClose }: { caseId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const canCall = useCanCall();
  const detail = useQuery({ ...caseDetailQuery(caseId ?? '0'), enabled: caseId !== undefined });
  const shown = detail.data?.id === caseId ? detail.data : undefined;
  const [action, setAction] = useState<TAction | undefined>();
  const open = shown !== undefined && shown.status !== 'resolved';
  const actions: { key: TAction; allowed: boolean; danger?: boolean }[] = [
    { key: 'ask', allowed: open && canCall(casesRoutes.ask) },
    { key: 'reship', allowed: open && canCall(casesRoutes.reship) },
    { key: 'refund', allowed: open && shown.line.refundableUnits > 0 && canCall(casesRoutes.refund) },
    { key: 'decline', allowed: open && canCall(casesRoutes.decline), danger: true },
  ];
  const allowed = actions.filter((item) => item.allowed);
  return (
    <Drawer
      open={caseId !== undefined}
      onClose={onClose}
      size="min(736px, 100vw)"
      title={t('cases.detail.title', { id: caseId ?? '' })}
      destroyOnHidden
      extra={
        allowed.length > 0 && (
          <Space wrap>
            {allowed.map((item) => (
              <Button key={item.key} danger={item.danger} onClick={() => setAction(item.key)}>
                {t(`cases.actions.${item.key}.button`)}
              </Button>
            ))}
          </Space>
        )
      }
    >
      {detail.isLoading && <Spin />}
      {shown && <CaseDetail kase={shown} />}
      {shown && action && <ActionDialog kase={shown} action={action} onClose={() => setAction(undefined)} />}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A named region that scrolls sideways on its own on a phone; headings follow the page's h1.
    <section aria-label={title} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A photo of the case, loaded with the operator's session; opens larger on click. */
function CasePhoto({ caseId, photoId, index }: { caseId: string; photoId: string; index: number }) {
  const { t } = useTranslation('orders');
  const url = useCasePhoto(caseId, photoId);
  if (!url) return <Spin size="small" />;
  return (
    <Image
      src={url}
      width={96}
      height={96}
      style={{ objectFit: 'cover' }}
      alt={t('cases.detail.photoAlt', { n: index + 1 })}
    />
  );
}

function CaseDetail({ kase }: { kase: TConsoleCaseDetail }) {
  const { t } = useTranslation('orders');
  const money = useFormatMoney();
  const moment = useMoment();
  const amount = (minor: number) => money(minor, kase.order.currencyCode);
  const { order, line } = kase;
  const photos = kase.events.flatMap((event) => event.photoIds);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'status',
            label: t('console.status'),
            children: <CaseStatusTag status={kase.status} resolution={kase.resolution} />,
          },
          {
            key: 'age',
            label: t('cases.age.title'),
            children: <CaseAge openedAt={kase.openedAt} resolvedAt={kase.resolvedAt} />,
          },
          { key: 'opened', label: t('cases.detail.opened'), children: moment(kase.openedAt) },
          { key: 'reason', label: t('cases.reason'), children: t(`cases.reasons.${kase.reason}`) },
          {
            key: 'line',
            label: t('console.product'),
            children: t('cases.detail.line', {
              quantity: line.quantity,
              product: kase.variantLabel ? `${kase.title} — ${kase.variantLabel}` : kase.title,
              sku: line.sku || '—',
              unit: amount(line.sellingUnitMinor),
            }),
          },
          { key: 'refundable', label: t('cases.detail.refundableUnits'), children: line.refundableUnits },
          { key: 'order', label: t('console.orderNo'), children: order.orderNo },
          { key: 'shop', label: t('console.shop'), children: kase.shopName },
          { key: 'buyer', label: t('console.buyerEmail'), children: kase.buyerEmail },
          { key: 'language', label: t('console.buyerLanguage'), children: kase.language },
          {
            key: 'shipment',
            label: t('console.shipment'),
            children: order.shipment
              ? `${order.shipment.carrier} ${order.shipment.trackingNo} · ${moment(order.shipment.shippedAt)}`
              : t('console.none'),
          },
          {
            key: 'address',
            label: t('console.address'),
            children: Object.values(order.shippingAddress).filter(Boolean).join(', '),
          },
          {
            key: 'money',
            label: t('console.total'),
            children: t('cases.detail.money', {
              total: amount(order.totalMinor),
              refunded: amount(order.refundedMinor),
            }),
          },
          ...(kase.resolution
            ? [
                {
                  key: 'resolved',
                  label: t('cases.detail.resolved'),
                  children: [
                    t(`cases.resolution.${kase.resolution}`),
                    kase.resolvedBy,
                    moment(kase.resolvedAt),
                    kase.reshipOrderNo && t('cases.detail.reshipOrder', { orderNo: kase.reshipOrderNo }),
                    kase.refund &&
                      t(`cases.detail.refund.${kase.refund.status}`, {
                        amount: amount(kase.refund.amountMinor),
                        profit: amount(kase.refund.profitReversedMinor),
                      }),
                    kase.resolutionNote,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                },
              ]
            : []),
        ]}
      />
      <Section title={t('cases.detail.message')}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{kase.message}</Typography.Paragraph>
      </Section>
      <Section title={t('cases.detail.photos', { count: photos.length })}>
        {photos.length === 0 ? (
          <Typography.Text type="secondary">{t('console.none')}</Typography.Text>
        ) : (
          <Image.PreviewGroup>
            <Space wrap>
              {photos.map((photoId, index) => (
                <CasePhoto key={photoId} caseId={kase.id} photoId={photoId} index={index} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </Section>
      <Section title={t('console.history')}>
        <Timeline
          items={kase.events.map((event, i) => ({
            key: `${event.at}-${i}`,
            color: EVENT_COLOURS[event.kind],
            content: (
              <>
                <Typography.Text strong>{t(`cases.events.${event.kind}`)}</Typography.Text> ·{' '}
                {event.byBuyer ? t('console.buyer') : (event.actor ?? t('console.system'))} ·{' '}
                {moment(event.at)}
                {event.message && (
                  <>
                    <br />
                    <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                      {event.message}
                    </Typography.Text>
                  </>
                )}
                {event.photoIds.length > 0 && (
                  <>
                    <br />
                    <Typography.Text type="secondary">
                      {t('cases.detail.photos', { count: event.photoIds.length })}
                    </Typography.Text>
                  </>
                )}
              </>
            ),
          }))}
        />
      </Section>
    </Space>
  );
}

interface TActionForm {
  quantity: number;
  note: string;
  reason: string;
  message: string;
}

/**
 * The dialog of one step: refund units of the line (no restock), reship units, decline with a
 * reason, or ask the buyer. The buyer is mailed each. A refusal shows in the dialog.
 */
function ActionDialog({
  kase,
  action,
  onClose,
}: {
  kase: TConsoleCaseDetail;
  action: TAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const money = useFormatMoney();
  const [form] = Form.useForm<TActionForm>();
  const [problem, setProblem] = useState<string[]>();
  // A refund's or reship's Idempotency-Key: kept while an answer is lost, new after a refusal.
  const key = useRef(newIdempotencyKey());
  const refund = useRefundCase();
  const reship = useReshipCase();
  const decline = useDeclineCase();
  const ask = useAskBuyer();
  const pending = refund.isPending || reship.isPending || decline.isPending || ask.isPending;
  const most = action === 'refund' ? kase.line.refundableUnits : kase.line.quantity;
  const quantity = Form.useWatch('quantity', form) ?? most;

  const submit = async () => {
    const values = await form.validateFields();
    setProblem(undefined);
    const id = kase.id;
    try {
      if (action === 'refund') {
        await refund.mutateAsync({
          id,
          key: key.current,
          quantity: values.quantity,
          note: values.note.trim(),
        });
      } else if (action === 'reship') {
        await reship.mutateAsync({
          id,
          key: key.current,
          quantity: values.quantity,
          note: values.note.trim(),
        });
      } else if (action === 'decline') {
        await decline.mutateAsync({ id, reason: values.reason.trim() });
      } else {
        await ask.mutateAsync({ id, message: values.message.trim() });
      }
    } catch (error) {
      if (isRefusal(error)) key.current = newIdempotencyKey();
      setProblem(problemOf(error));
      return;
    }
    void message.success(t(`cases.actions.${action}.done`, { id }));
    onClose();
  };

  return (
    <Modal
      open
      title={t(`cases.actions.${action}.title`, { id: kase.id })}
      okText={t(`cases.actions.${action}.submit`)}
      okButtonProps={{ danger: action === 'decline' }}
      confirmLoading={pending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Problem messages={problem} />
      <Typography.Paragraph type="secondary">{t(`cases.actions.${action}.hint`)}</Typography.Paragraph>
      <Form
        form={form}
        name={`case-${action}`}
        layout="vertical"
        initialValues={{ quantity: most, note: '', reason: '', message: '' }}
      >
        {(action === 'refund' || action === 'reship') && (
          <>
            <Form.Item
              name="quantity"
              label={t('cases.actions.quantity', { most })}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 1,
                  max: most,
                  message: t('cases.actions.quantityRange', { most }),
                },
              ]}
              extra={
                action === 'refund'
                  ? t('cases.actions.refund.about', {
                      amount: money(kase.line.sellingUnitMinor * (quantity || 0), kase.order.currencyCode),
                    })
                  : undefined
              }
            >
              <InputNumber min={1} max={most} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="note" label={t('cases.actions.note')} rules={[{ max: 500 }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
            </Form.Item>
          </>
        )}
        {action === 'decline' && (
          <Form.Item
            name="reason"
            label={t('cases.actions.decline.reason')}
            rules={[
              { required: true, whitespace: true, message: t('cases.actions.decline.required') },
              { max: 500 },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
        )}
        {action === 'ask' && (
          <Form.Item
            name="message"
            label={t('cases.actions.ask.message')}
            rules={[
              { required: true, whitespace: true, message: t('cases.actions.ask.required') },
              { max: 2000 },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
