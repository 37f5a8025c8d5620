import { describe, expect, it } from 'vitest';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { applyStartupQuery } from './apply-startup-query';
import { readStartupQuery } from './startup-query';

describe('readStartupQuery', () => {
  it('reads lang, user_source and page_source from the hash query', () => {
    expect(readStartupQuery('#/login?lang=pt-BR&user_source=tiktok&page_source=bio')).toEqual({
      language: 'pt',
      userSource: 'tiktok',
      pageSource: 'bio',
    });
  });

  it('maps Chinese variants onto zh-cn', () => {
    expect(readStartupQuery('#/?lang=zh_CN').language).toBe('zh-cn');
  });

  it('returns nothing when the hash has no query', () => {
    expect(readStartupQuery('#/login')).toEqual({});
    expect(readStartupQuery('')).toEqual({});
  });
});

describe('applyStartupQuery', () => {
  it('stores the values in the preferences', () => {
    applyStartupQuery('#/login?lang=fr&user_source=ig&page_source=story');
    expect(useAppPreferences.getState().language).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
    expect(useUserPreferences.getState()).toMatchObject({ userSource: 'ig', pageSource: 'story' });
  });
});
