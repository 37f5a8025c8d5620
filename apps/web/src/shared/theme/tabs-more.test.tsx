import { act, screen } from '@testing-library/react';
import { Tabs } from 'antd';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { renderWithApp } from '../test/render-with-app';

const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  key: String(i),
  label: `Tab ${i}`,
  children: `Panel ${i}`,
}));

function ManyTabs() {
  return <Tabs items={ITEMS} />;
}

describe('Tabs everywhere (the theme provider’s tabs config)', () => {
  it('name their overflow button "More tabs", in the language of the page', async () => {
    const { container } = await renderWithApp([{ path: '/', Component: ManyTabs }], '/');
    await screen.findByRole('tab', { name: 'Tab 0' });
    const more = container.querySelector<HTMLButtonElement>('.ant-tabs-nav-more');
    if (!more) throw new Error('no overflow button');
    // antd hides the button until the tabs overflow (jsdom measures no overflow): shown as then.
    more.style.visibility = 'visible';
    expect(screen.getByRole('button', { name: 'More tabs' })).toBe(more);

    await act(() => applyLanguage('fr'));
    more.style.visibility = 'visible';
    expect(await screen.findByRole('button', { name: 'Plus d’onglets' })).toBe(more);
    await act(() => applyLanguage('en'));
  });
});
