import { useTranslation } from 'react-i18next';
import { ApiOutlined, DisconnectOutlined, SendOutlined } from '@ant-design/icons';
import { DEMO_MESSAGE_MAX, DEMO_WEBSOCKET_SEND_PERMISSION } from '@linkstore/contract';
import { Badge, Button, Empty, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { renewSession } from '../../../shared/http/api-client';
import { hasPerm } from '../../../shared/permission/access';
import { realtimeUrl } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { useUser } from '../../../shared/session/user-store';
import { DemoCard, DemoFrame } from '../demo-frame';
import { createDemoSocket, type TDemoEvent, type TDemoSocket, type TDemoSocketState } from './demo-socket';

/** Most messages the list keeps (the newest first). */
const LIST_SIZE = 50;

interface TListed {
  id: number;
  at: Date;
  event: TDemoEvent;
}

const STATE_BADGE = { connected: 'success', connecting: 'processing', disconnected: 'default' } as const;

/**
 * The websocket demo (console-api.md §4): connect and disconnect, a broadcast the operators with
 * `demo:websocket:send` and the page open see as "server notice: …" (on its own topic, issue 31),
 * a direct message to one user by username, and the list of what arrived. Sending and hearing
 * broadcasts need `demo:websocket:send` (the server checks both).
 */
export default function WebsocketPage() {
  const { t, i18n } = useTranslation('demo-pages');
  const canSend = useUser((state) => hasPerm(state.info?.user, DEMO_WEBSOCKET_SEND_PERMISSION));
  const [state, setState] = useState<TDemoSocketState>('disconnected');
  const [events, setEvents] = useState<TListed[]>([]);
  const socket = useRef<TDemoSocket | null>(null);
  const seq = useRef(0);
  const [broadcastForm] = Form.useForm<{ content: string }>();
  const [directForm] = Form.useForm<{ to: string; content: string }>();

  useEffect(() => {
    const created = createDemoSocket({
      url: realtimeUrl,
      authorization: () => useSession.getState().authorization,
      // The broadcasts' topic is for the demo permission's holders (the server refuses others);
      // a change of the permission makes a new connection (the effect depends on it).
      listensToBroadcasts: () => canSend,
      renew: renewSession,
      onState: setState,
      onEvent: (event) => {
        seq.current += 1;
        const id = seq.current;
        setEvents((list) => [{ id, at: new Date(), event }, ...list].slice(0, LIST_SIZE));
      },
    });
    socket.current = created;
    created.connect();
    return () => created.disconnect();
  }, [canSend]);

  const isConnected = state === 'connected';
  const contentRules = [
    { required: true, whitespace: true, message: t('websocket.contentRequired') },
    { max: DEMO_MESSAGE_MAX, message: t('websocket.contentTooLong', { max: DEMO_MESSAGE_MAX }) },
  ];

  const describe = (event: TDemoEvent): string => {
    switch (event.kind) {
      case 'broadcast':
        return t('websocket.serverNotice', { content: event.content, sender: event.sender });
      case 'direct':
        return t('websocket.directFrom', { content: event.content, sender: event.sender });
      case 'sentDirect':
        return t('websocket.directTo', { content: event.content, to: event.to });
      case 'refused':
        return t(`websocket.refused.${event.reason}`);
    }
  };
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  return (
    <DemoFrame title={t('websocket.title')} intro={t('websocket.intro')}>
      <DemoCard title={t('websocket.connection')}>
        <Flex gap={12} wrap align="center">
          <Badge
            status={STATE_BADGE[state]}
            text={<span role="status">{t(`websocket.state.${state}`)}</span>}
          />
          <Button
            icon={<ApiOutlined aria-hidden />}
            disabled={state !== 'disconnected'}
            onClick={() => socket.current?.connect()}
          >
            {t('websocket.connect')}
          </Button>
          <Button
            icon={<DisconnectOutlined aria-hidden />}
            disabled={state === 'disconnected'}
            onClick={() => socket.current?.disconnect()}
          >
            {t('websocket.disconnect')}
          </Button>
        </Flex>
      </DemoCard>
      {canSend ? (
        <>
          <DemoCard title={t('websocket.broadcast')}>
            <Form
              form={broadcastForm}
              name="demo-broadcast"
              layout="vertical"
              onFinish={({ content }) => {
                if (socket.current?.broadcast(content.trim())) broadcastForm.resetFields();
              }}
            >
              <Form.Item name="content" label={t('websocket.message')} rules={contentRules}>
                <Input maxLength={DEMO_MESSAGE_MAX} />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SendOutlined aria-hidden />}
                disabled={!isConnected}
              >
                {t('websocket.sendToAll')}
              </Button>
            </Form>
          </DemoCard>
          <DemoCard title={t('websocket.direct')}>
            <Form
              form={directForm}
              name="demo-direct"
              layout="vertical"
              onFinish={({ to, content }) => {
                if (socket.current?.direct(to.trim(), content.trim())) directForm.resetFields(['content']);
              }}
            >
              <Form.Item
                name="to"
                label={t('websocket.to')}
                rules={[{ required: true, whitespace: true, message: t('websocket.toRequired') }]}
              >
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
              <Form.Item name="content" label={t('websocket.message')} rules={contentRules}>
                <Input maxLength={DEMO_MESSAGE_MAX} />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SendOutlined aria-hidden />}
                disabled={!isConnected}
              >
                {t('websocket.sendToUser')}
              </Button>
            </Form>
          </DemoCard>
        </>
      ) : (
        <DemoCard title={t('websocket.send')}>
          <Typography.Text type="secondary">{t('websocket.noSendPermission')}</Typography.Text>
        </DemoCard>
      )}
      <DemoCard
        title={t('websocket.messages')}
        extra={
          <Button type="link" onClick={() => setEvents([])} disabled={events.length === 0}>
            {t('websocket.clearList')}
          </Button>
        }
      >
        {events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('websocket.noMessages')} />
        ) : (
          <ol
            aria-label={t('websocket.messages')}
            aria-live="polite"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {events.map(({ id, at, event }) => (
              <li
                key={id}
                data-kind={event.kind}
                style={{
                  padding: '6px 0',
                  borderBottom: '1px solid var(--ant-color-split, #f0f0f0)',
                  overflowWrap: 'anywhere',
                }}
              >
                <Typography.Text type="secondary">{time.format(at)}</Typography.Text>{' '}
                <Typography.Text type={event.kind === 'refused' ? 'danger' : undefined}>
                  {describe(event)}
                </Typography.Text>
              </li>
            ))}
          </ol>
        )}
      </DemoCard>
    </DemoFrame>
  );
}
