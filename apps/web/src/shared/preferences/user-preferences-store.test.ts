import { describe, expect, it } from 'vitest';
import { StorageKey } from './storage-keys';
import { createUserPreferencesStore, DEFAULT_USER_PREFERENCES, upsertById } from './user-preferences-store';

const stored = () =>
  JSON.parse(localStorage.getItem(StorageKey.userPreferences) ?? 'null') as Record<string, unknown>;

describe('user preferences', () => {
  it('starts from the documented defaults', () => {
    const state = createUserPreferencesStore().getState();
    expect(state).toMatchObject({
      country: 'US',
      countryId: 'US',
      currency: 'United States dollar',
      currencyCode: 'USD',
      currencySymbol: '$',
      percentage: 200,
      menuDefaultActive: 1,
      activeTabName: 'Category',
      homeUrl: '/home',
      userSource: 'default',
      pageSource: '',
      modifiedProducts: [],
    });
  });

  it('replaces a modified product with the same id and appends a new one', () => {
    const store = createUserPreferencesStore();
    store.getState().upsertModifiedProduct({ id: 1, price: 10 });
    store.getState().upsertModifiedProduct({ id: 2, price: 20 });
    store.getState().upsertModifiedProduct({ id: 1, price: 15 });
    expect(store.getState().modifiedProducts).toEqual([
      { id: 1, price: 15 },
      { id: 2, price: 20 },
    ]);
    expect(stored().modifiedProducts).toEqual([
      { id: 1, price: 15 },
      { id: 2, price: 20 },
    ]);
  });

  it('does not mutate the list it upserts into', () => {
    const list = [{ id: 'a' }];
    const next = upsertById(list, { id: 'a', price: 1 });
    expect(list).toEqual([{ id: 'a' }]);
    expect(next).toEqual([{ id: 'a', price: 1 }]);
  });

  it('persists under userPreferences and reads it back in a new store', () => {
    createUserPreferencesStore().getState().setPercentage(150);
    expect(stored().percentage).toBe(150);
    expect(createUserPreferencesStore().getState().percentage).toBe(150);
  });

  it('ignores stored fields of the wrong type', () => {
    localStorage.setItem(
      StorageKey.userPreferences,
      JSON.stringify({ percentage: 'lots', country: 'BR', modifiedProducts: [{ id: 3 }, { name: 'no id' }] }),
    );
    const state = createUserPreferencesStore().getState();
    expect(state.percentage).toBe(DEFAULT_USER_PREFERENCES.percentage);
    expect(state.country).toBe('BR');
    expect(state.modifiedProducts).toEqual([{ id: 3 }]);
  });

  it('survives unreadable JSON', () => {
    localStorage.setItem(StorageKey.userPreferences, '{not json');
    expect(createUserPreferencesStore().getState().country).toBe('US');
  });

  it('resets the menu to its first item when the login form is shown', () => {
    const store = createUserPreferencesStore();
    store.getState().setMenuDefaultActive(3);
    store.getState().setLoginFormShown(true);
    expect(store.getState()).toMatchObject({ isLoginFormShown: true, menuDefaultActive: 1 });
  });
});
