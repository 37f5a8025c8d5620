// Every Drizzle table of every module, for drizzle-kit and for typed queries.
export * from './modules/countries/countries.table';
export * from './modules/depts/depts.table';
export * from './modules/configs/configs.table';
export * from './modules/dicts/dicts.table';
export * from './modules/files/files.table';
export * from './modules/catalog/catalog.table';
export * from './modules/shops/shops.table';
export * from './platform/auth/auth.tables';
export * from './platform/auth/access.tables';
export * from './modules/orders/orders.table';
export * from './modules/payments/payments.table';
export * from './modules/earnings/earnings.table';
export * from './modules/shop-events/shop-events.table';
export * from './modules/payouts/payouts.table';
export * from './modules/shops/paypal-binding.table';
export * from './modules/refunds/refunds.table';
export * from './modules/reconciliation/reconciliation.table';
