import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS } from './settings-store';

describe('settings', () => {
  it('starts from the defaults with the given version', () => {
    const state = createSettingsStore('1.2.3').getState();
    expect(state).toMatchObject({ ...DEFAULT_SETTINGS, title: 'LinkStore', version: '1.2.3' });
    expect(DEFAULT_SETTINGS).toMatchObject({
      showSettings: true,
      tagsView: true,
      sidebarLogo: true,
      layout: 'left',
      theme: 'light',
      themeColor: '#4080FF',
      watermarkEnabled: false,
    });
  });

  it('persists a change under "settings" and reads it back', () => {
    createSettingsStore('1').getState().changeSetting('theme', 'dark');
    expect(JSON.parse(localStorage.getItem('settings') ?? '{}')).toMatchObject({
      theme: 'dark',
      layout: 'left',
    });
    expect(createSettingsStore('1').getState().theme).toBe('dark');
  });

  it('keeps valid stored fields and drops invalid ones', () => {
    localStorage.setItem(
      'settings',
      JSON.stringify({ theme: 'neon', themeColor: '#112233', tagsView: 'yes' }),
    );
    const state = createSettingsStore('1').getState();
    expect(state).toMatchObject({ theme: 'light', themeColor: '#112233', tagsView: true });
  });
});
