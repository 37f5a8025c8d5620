import { Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../layout/menu-icon';
import { IconSelect } from '../../shared/icon-select';
import { DemoFrame } from '../demo-frame';

/** The icon selector the menu form uses, on its own: pick an icon, see it and its name. */
export default function IconSelectorPage() {
  const { t } = useTranslation('demos');
  const [icon, setIcon] = useState<string | undefined>('menu');
  return (
    <DemoFrame title={t('iconSelector.title')} intro={t('iconSelector.intro')}>
      <Card size="small">
        <Form layout="vertical" style={{ maxWidth: 360 }}>
          <Form.Item label={t('iconSelector.field')} htmlFor="demo-icon-select">
            <IconSelect id="demo-icon-select" value={icon} onChange={setIcon} />
          </Form.Item>
        </Form>
        <Flex align="center" gap={12} role="status" aria-live="polite">
          <span style={{ fontSize: 32 }}>{menuIcon(icon)}</span>
          <Typography.Text>
            {icon ? t('iconSelector.selected', { name: icon }) : t('iconSelector.nothing')}
          </Typography.Text>
        </Flex>
      </Card>
    </DemoFrame>
  );
}
