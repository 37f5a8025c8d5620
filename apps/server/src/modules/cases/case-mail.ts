import { formatMoney, variantTitle, type TCaseReason, type TLanguage } from '@linkstore/contract';
import { translate } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { orderLinkLine } from '../orders/orders.api';

/** What every mail of a case names: the order, the shop, the line, and the order page's link. */
export interface CaseMailBase {
  lang: TLanguage;
  orderNo: string;
  shopName: string;
  title: string;
  variantLabel: string;
  /** The order's page (`app.orderLinks.urlFor`), the line every buyer mail ends with. */
  orderUrl: string;
}

export type CaseMailStep =
  | { kind: 'opened'; reason: TCaseReason }
  | { kind: 'asked'; message: string }
  | { kind: 'refunded'; amountMinor: number; currencyCode: string; quantity: number; note: string }
  | { kind: 'reshipped'; quantity: number; newOrderNo: string; newOrderUrl: string; note: string }
  | { kind: 'declined'; reason: string };

/** The reason as a buyer reads it ("Damaged"), in their language. */
export const reasonText = (lang: TLanguage, reason: TCaseReason): string =>
  translate(lang, `cases.reason.${reason}`);

/**
 * The buyer's mail for one step of their case, in their language: what was reported or decided,
 * an operator's note when there is one, and the order page's link last (as every buyer mail).
 */
export function composeCaseMail(to: string, base: CaseMailBase, step: CaseMailStep): MailMessage {
  const { lang } = base;
  const values = {
    orderNo: base.orderNo,
    shop: base.shopName,
    product: variantTitle(base.title, base.variantLabel),
  };
  let subject: string;
  let body: string;
  switch (step.kind) {
    case 'opened':
      subject = translate(lang, 'mail.caseOpened.subject', values);
      body = translate(lang, 'mail.caseOpened.body', { ...values, reason: reasonText(lang, step.reason) });
      break;
    case 'asked':
      subject = translate(lang, 'mail.caseAsked.subject', values);
      body = translate(lang, 'mail.caseAsked.body', { ...values, message: step.message });
      break;
    case 'refunded':
      subject = translate(lang, 'mail.caseRefunded.subject', values);
      body = translate(lang, 'mail.caseRefunded.body', {
        ...values,
        quantity: step.quantity,
        amount: formatMoney(step.amountMinor, step.currencyCode, lang),
      });
      if (step.note) body += `\n\n${step.note}`;
      break;
    case 'reshipped':
      subject = translate(lang, 'mail.caseReshipped.subject', values);
      body = translate(lang, 'mail.caseReshipped.body', {
        ...values,
        quantity: step.quantity,
        newOrderNo: step.newOrderNo,
        url: step.newOrderUrl,
      });
      if (step.note) body += `\n\n${step.note}`;
      break;
    case 'declined':
      subject = translate(lang, 'mail.caseDeclined.subject', values);
      body = translate(lang, 'mail.caseDeclined.body', { ...values, reason: step.reason });
      break;
  }
  return { to, subject, text: `${body}\n\n${orderLinkLine(lang, base.orderUrl)}` };
}
