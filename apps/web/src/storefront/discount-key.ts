/** Where a shop's discount code is kept in the browser: `discountCode:<slug>` (discount-code.ts). */
export const DISCOUNT_CODE_KEY_PREFIX = 'discountCode:';
