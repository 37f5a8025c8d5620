import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Empty, Input, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, menuIcon } from '../layout/menu-icon';

interface TIconSelectProps {
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
  id?: string;
}

/**
 * The menu icon picker: a read-only field that opens a searchable grid of the icons the console
 * knows (`layout/menu-icon.tsx`); a button clears the choice. Works as a Form.Item control.
 */
export function IconSelect({ value, onChange, id }: TIconSelectProps) {
  const { t } = useTranslation('system');
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const names = MENU_ICON_NAMES.filter((name) => name.includes(needle));

  const choose = (name: string) => {
    onChange?.(name);
    setIsOpen(false);
    setSearch('');
  };

  const grid = (
    <div style={{ width: 300 }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('menus.icon.search')}
        aria-label={t('menus.icon.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menus.icon.none')} />
      ) : (
        <div
          role="group"
          aria-label={t('menus.icon.grid')}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(6, 1fr)',
            gap: 6,
            marginTop: 8,
            maxHeight: 240,
            overflowY: 'auto',
          }}
        >
          {names.map((name) => (
            <Button
              key={name}
              title={name}
              aria-label={name}
              aria-pressed={value === name}
              type={value === name ? 'primary' : 'default'}
              icon={menuIcon(name)}
              onClick={() => choose(name)}
            />
          ))}
        </div>
      )}
    </div>
  );

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Popover open={isOpen} onOpenChange={setIsOpen} trigger="click" placement="bottomLeft" content={grid}>
        <Input
          id={id}
          readOnly
          value={value ?? ''}
          prefix={menuIcon(value) ?? <span aria-hidden style={{ width: 14 }} />}
          placeholder={t('menus.icon.placeholder')}
          style={{ cursor: 'pointer' }}
        />
      </Popover>
      {value ? (
        <Button
          aria-label={t('menus.icon.clear')}
          icon={<CloseCircleFilled aria-hidden />}
          onClick={() => onChange?.(undefined)}
        />
      ) : null}
    </Space.Compact>
  );
}
