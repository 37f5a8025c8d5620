import { describe, expect, it } from 'vitest';
import {
  CREATOR_MAIL_DEFAULTS,
  ZCreatorMailSettings,
  ZCreatorMailSettingsRequest,
} from './creator-mails.schema';

describe('creator mail settings', () => {
  it('accepts the three sales choices and both switches', () => {
    for (const sales of ['each', 'digest', 'off'])
      expect(ZCreatorMailSettingsRequest.safeParse({ sales, payouts: false, refunds: true }).success).toBe(
        true,
      );
  });

  it('refuses another sales choice or a switch that is not a boolean, naming the field', () => {
    const weekly = ZCreatorMailSettingsRequest.safeParse({ sales: 'weekly', payouts: true, refunds: true });
    expect(weekly.error?.issues.map((i) => i.path.join('.'))).toEqual(['sales']);
    const text = ZCreatorMailSettingsRequest.safeParse({ sales: 'each', payouts: 'yes', refunds: true });
    expect(text.error?.issues.map((i) => i.path.join('.'))).toEqual(['payouts']);
    expect(ZCreatorMailSettingsRequest.safeParse({ sales: 'each' }).success).toBe(false);
  });

  it('defaults to a mail per sale, payouts and refunds on, in English', () => {
    expect(ZCreatorMailSettings.parse(CREATOR_MAIL_DEFAULTS)).toEqual({
      sales: 'each',
      payouts: true,
      refunds: true,
      language: 'en',
    });
  });
});
