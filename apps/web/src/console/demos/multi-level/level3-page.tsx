import { Card, Form, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentTag, useTagTitle } from '../../layout/tags-view';
import { DemoFrame } from '../demo-frame';

/**
 * Level 3 of the nested menus, one view for two menus (Level 3-1, Level 3-2). Its menu keeps it
 * alive (`keepAlive`, and the view is in `KEPT_ALIVE_VIEWS`): a note typed here is still there
 * after switching to another tag and back. The state is the component's own — nothing is saved.
 */
export default function Level3Page() {
  const { t } = useTranslation('demos');
  const inputId = useId();
  // The menu the page is shown for (Level 3-1 or 3-2), from its tag.
  const title = useTagTitle()(useCurrentTag());
  return (
    <Card size="small" type="inner">
      <DemoFrame level={3} title={title} intro={t('multiLevel.level3Intro')}>
        <Form layout="vertical" style={{ maxWidth: 420 }}>
          <Form.Item label={t('multiLevel.note')} htmlFor={inputId}>
            <Input id={inputId} placeholder={t('multiLevel.notePlaceholder')} />
          </Form.Item>
        </Form>
      </DemoFrame>
    </Card>
  );
}
