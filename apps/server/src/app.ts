import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { changesPlugin } from './platform/db/changes';
import { privateAnswersPlugin } from './platform/http/private-answers';
import type { AppConfig } from './platform/config/config';
import type { DatabaseHandle } from './platform/db/database';
import { answerFrameworkError, errorHandling } from './platform/http/error-handler';
import { requestContext } from './platform/http/request-context';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { noStorePlugin } from './platform/http/no-store';
import { zodSerializerCompiler, zodValidatorCompiler } from './platform/http/routes';
import { webApp } from './platform/http/web-app';
import { apiDocs } from './platform/http/api-docs';
import { openApiOptions } from './platform/http/openapi';
import { accountsModule } from './modules/accounts/accounts.routes';
import { registrationModule } from './modules/accounts/registration.routes';
import { socialLoginModule } from './modules/accounts/social-login.routes';
import { countriesModule } from './modules/countries/countries.routes';
import { shippingModule } from './modules/shipping/shipping.routes';
import { taxesModule } from './modules/taxes/taxes.routes';
import { discountsModule } from './modules/discounts/discounts.routes';
import { configsModule } from './modules/configs/configs.routes';
import { ipQpsLimitPlugin } from './modules/configs/ip-qps-limit';
import { deptsModule } from './modules/depts/depts.routes';
import { dictsModule } from './modules/dicts/dicts.routes';
import { menusModule } from './modules/menus/menus.routes';
import { rolesModule } from './modules/roles/roles.routes';
import { usersModule } from './modules/users/users.routes';
import { authPlugin } from './platform/auth/auth-plugin';
import { rateLimitPlugin } from './platform/rate-limit/rate-limit-plugin';
import { mailPlugin } from './platform/mail/mail-plugin';
import { jobsPlugin } from './platform/jobs/jobs-plugin';
import { jobsConsoleModule } from './platform/jobs/jobs.routes';
import { verificationCodesPlugin } from './platform/auth/verification-codes-plugin';
import { healthModule } from './modules/health/health.routes';
import { filesModule } from './modules/files/files.routes';
import { shopsModule } from './modules/shops/shops.routes';
import { shopProductsModule } from './modules/shops/shop-products.routes';
import { pricingModule } from './modules/pricing/pricing.routes';
import { categoriesModule } from './modules/catalog/categories.routes';
import { productsModule } from './modules/catalog/products.routes';
import { bannersModule } from './modules/catalog/banners.routes';
import { sizeGuidesModule } from './modules/catalog/size-guides.routes';
import { reviewsModule } from './modules/catalog/reviews.routes';
import { checkoutModule } from './modules/orders/checkout.routes';
import { orderLinksPlugin } from './modules/orders/order-link';
import { reviewInvitesModule } from './modules/review-invites/review-invites.routes';
import { marketingModule } from './modules/marketing/marketing.routes';
import { creatorMailsModule } from './modules/creator-mails/creator-mails.routes';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { ordersModule } from './modules/orders/orders.routes';
import { earningsModule } from './modules/earnings/earnings.routes';
import { dashboardModule } from './modules/dashboard/dashboard.routes';
import { payoutsModule } from './modules/payouts/payouts.routes';
import { listConsoleRefunds, refundedUnitsOf } from './modules/refunds/refunds.api';
import { refundsModule } from './modules/refunds/refunds.routes';
import { casesModule } from './modules/cases/cases.routes';
import { creatorsModule } from './modules/creators/creators.routes';
import { reconciliationModule } from './modules/reconciliation/reconciliation.routes';
import { storefrontModule } from './modules/storefront/storefront.routes';
import { infoPagesModule } from './modules/info-pages/info-pages.routes';
import { noticesModule } from './modules/notices/notices.routes';
import { shopEventsModule } from './modules/shop-events/shop-events.routes';
import { storagePlugin } from './platform/storage/storage-plugin';
import { realtimePlugin } from './platform/realtime/realtime-plugin';
import { logsModule } from './modules/logs/logs.routes';
import { demosModule } from './modules/demos/demos.routes';
import { codegenModule } from './modules/codegen/codegen.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    routeRegistry: RouteOptions[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Extra plugins registered after the modules (tests use it to add probe routes). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
}

/** Builds the application: external plugins, then platform, then the domain modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorateRequest('user', null);
  // Every route, as registered: the route registry test checks each one declares its access.
  const routeRegistry: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeRegistry.push(route));
  app.decorate('routeRegistry', routeRegistry);

  await app.register(requestContext);
  await app.register(errorHandling);
  await app.register(securityHeadersPlugin);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 2 * 1024 * 1024, files: 5, fields: 50, fieldSize: 64 * 1024 },
  });
  await app.register(changesPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(privateAnswersPlugin);
  await app.register(realtimePlugin);
  await app.register(noStorePlugin);
  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  await app.register(verificationCodesPlugin);
  await app.register(storagePlugin);
  await app.register(swagger, openApiOptions(app));
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(apiDocs);

  // Before every module's routes: the per-address request limit (its setting is read per request).
  await app.register(ipQpsLimitPlugin);
  // First of the modules: its hooks (the operation log) reach every route registered after it.
  await app.register(logsModule);
  await app.register(healthModule);
  await app.register(jobsConsoleModule);
  await app.register(countriesModule);
  await app.register(shippingModule);
  await app.register(taxesModule);
  await app.register(discountsModule);
  await app.register(menusModule);
  await app.register(rolesModule);
  await app.register(usersModule);
  await app.register(deptsModule);
  await app.register(configsModule);
  await app.register(dictsModule);
  await app.register(filesModule);
  await app.register(shopsModule);
  await app.register(shopProductsModule);
  await app.register(pricingModule);
  await app.register(categoriesModule);
  await app.register(productsModule);
  await app.register(bannersModule);
  await app.register(sizeGuidesModule);
  await app.register(reviewsModule);
  await app.register(storefrontModule);
  await app.register(infoPagesModule);
  await app.register(shopEventsModule);
  await app.register(noticesModule);
  await app.register(demosModule);
  await app.register(paymentsPlugin);
  // Before every module that mails a buyer: their mails link the order's page.
  await app.register(orderLinksPlugin);
  // Before the modules that sell, pay out and refund: they queue the creator's mails through it.
  await app.register(creatorMailsModule);
  await app.register(checkoutModule);
  await app.register(reviewInvitesModule);
  // Abandoned-checkout reminders, one-click unsubscribe, the creator's subscribers.
  await app.register(marketingModule);
  // The console's order detail lists refunds through the refunds face (refunds use the orders face).
  await app.register(ordersModule, { refundsOf: listConsoleRefunds, refundedUnitsOf });
  await app.register(earningsModule);
  await app.register(dashboardModule);
  await app.register(payoutsModule);
  await app.register(refundsModule);
  // After refunds: a case's refund is sent as an operator's refund (through the refunds face).
  await app.register(casesModule);
  await app.register(creatorsModule);
  await app.register(reconciliationModule);
  await app.register(codegenModule);
  await app.register(accountsModule);
  await app.register(registrationModule);
  await app.register(socialLoginModule);
  if (options.extend) await app.register(async (scope) => options.extend?.(scope));
  await app.register(webApp);
  return app;
}
