import { describe, expect, it } from 'vitest';
import { createAppPreferencesStore } from './app-preferences-store';

describe('app preferences', () => {
  it('defaults to desktop, default size, English, closed sidebar', () => {
    expect(createAppPreferencesStore().getState()).toMatchObject({
      device: 'desktop',
      size: 'default',
      language: 'en',
      sidebar: { isOpened: false, isWithoutAnimation: false },
      activeTopMenuPath: '',
    });
  });

  it('persists each preference under its storage key as a plain string', () => {
    const store = createAppPreferencesStore();
    store.getState().setDevice('mobile');
    store.getState().setSize('large');
    store.getState().setLanguage('pt');
    store.getState().toggleSidebar();
    store.getState().setActiveTopMenuPath('/system');
    expect(localStorage.getItem('device')).toBe('mobile');
    expect(localStorage.getItem('size')).toBe('large');
    expect(localStorage.getItem('language')).toBe('pt');
    expect(localStorage.getItem('sidebarStatus')).toBe('opened');
    expect(localStorage.getItem('activeTopMenuPath')).toBe('/system');
    expect(createAppPreferencesStore().getState()).toMatchObject({
      device: 'mobile',
      size: 'large',
      language: 'pt',
      sidebar: { isOpened: true },
    });
  });

  it('falls back to defaults for values outside the enumerations', () => {
    localStorage.setItem('size', 'huge');
    localStorage.setItem('language', 'de');
    expect(createAppPreferencesStore().getState()).toMatchObject({ size: 'default', language: 'en' });
  });

  it('closes the sidebar without animation when asked', () => {
    const store = createAppPreferencesStore();
    store.getState().openSidebar();
    store.getState().closeSidebar(true);
    expect(store.getState().sidebar).toEqual({ isOpened: false, isWithoutAnimation: true });
    expect(localStorage.getItem('sidebarStatus')).toBe('closed');
  });
});
