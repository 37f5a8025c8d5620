import { App, Button, Card, Empty, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, menuIcon } from '../../layout/menu-icon';
import { DemoFrame } from '../demo-frame';

/** Copies a text; false when the browser refuses (no permission, no secure context). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The icon gallery: every icon the console's menus can use, with its name; a click copies the name. */
export default function IconsPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const names = MENU_ICON_NAMES.filter((name) => name.includes(needle));

  const copy = async (name: string) => {
    if (await copyText(name)) void message.success(t('icons.copied', { name }));
    else void message.warning(t('icons.copyFailed', { name }));
  };

  return (
    <DemoFrame title={t('icons.title')} intro={t('icons.intro', { count: MENU_ICON_NAMES.length })}>
      <Card size="small">
        <Input.Search
          allowClear
          placeholder={t('icons.search')}
          aria-label={t('icons.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320, marginBottom: 12 }}
        />
        {names.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('icons.none')} />
        ) : (
          <ul
            aria-label={t('icons.list')}
            style={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
              gap: 8,
            }}
          >
            {names.map((name) => (
              <li key={name}>
                <Button
                  block
                  aria-label={t('icons.copy', { name })}
                  onClick={() => void copy(name)}
                  style={{ height: 'auto', minHeight: 64, flexDirection: 'column', gap: 4, padding: 8 }}
                >
                  <span style={{ fontSize: 22 }}>{menuIcon(name)}</span>
                  <Typography.Text style={{ fontSize: 12 }}>{name}</Typography.Text>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </DemoFrame>
  );
}
