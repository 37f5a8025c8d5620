import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentTag, useTagTitle } from '../../layout/tags-view';
import { DemoFrame } from '../demo-frame';

/**
 * One view, two menus: "Parameter type 1" and "Parameter type 2" both open this page, each
 * adding its own query (`meta.params`: `type=1` or `type=2`). The page shows the menu it was
 * opened from (the tag's title) and the `type` it received.
 */
export default function RouteParamPage() {
  const { t } = useTranslation('demos');
  const [searchParams] = useSearchParams();
  const tagTitle = useTagTitle()(useCurrentTag());
  const type = searchParams.get('type');
  return (
    <DemoFrame title={t('routeParam.title', { menu: tagTitle })} intro={t('routeParam.intro')}>
      <Card size="small">
        <Descriptions
          column={1}
          items={[
            { key: 'menu', label: t('routeParam.menu'), children: tagTitle },
            {
              key: 'type',
              label: t('routeParam.type'),
              children: type ? (
                <Typography.Text code data-testid="route-param-type">
                  {type}
                </Typography.Text>
              ) : (
                t('routeParam.none')
              ),
            },
          ]}
        />
      </Card>
    </DemoFrame>
  );
}
