import { z } from 'zod';
import { LANGUAGES } from '../platform/languages';

/**
 * Which mails a creator gets about their shop (`#/shop`, "Mail notifications", issue 35): each
 * paid order, a daily digest of them, or none; payouts sent or returned; refunds completed on
 * their orders. The live notice in an open studio stays whatever they choose.
 */

/** `each`: a mail per paid order; `digest`: one mail a day listing them; `off`: none. */
export const SALES_MAIL_CHOICES = ['each', 'digest', 'off'] as const;
export const ZSalesMails = z.enum(SALES_MAIL_CHOICES);
export type TSalesMails = z.infer<typeof ZSalesMails>;

/** What the creator chooses (the body of the save). */
export const ZCreatorMailSettingsRequest = z.object({
  sales: ZSalesMails,
  /** A payout sent to their PayPal account, and one that came back (failed or returned). */
  payouts: z.boolean(),
  /** A refund completed on one of their orders. */
  refunds: z.boolean(),
});
export type TCreatorMailSettingsRequest = z.infer<typeof ZCreatorMailSettingsRequest>;

/** The creator's settings: the defaults (`each`, on, on, English) until they save. */
export const ZCreatorMailSettings = ZCreatorMailSettingsRequest.extend({
  /** The language the mails are written in: the studio's when the creator last saved them. */
  language: z.enum(LANGUAGES),
});
export type TCreatorMailSettings = z.infer<typeof ZCreatorMailSettings>;

export const CREATOR_MAIL_DEFAULTS: TCreatorMailSettings = {
  sales: 'each',
  payouts: true,
  refunds: true,
  language: 'en',
};
