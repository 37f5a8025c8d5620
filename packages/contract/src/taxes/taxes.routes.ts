import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZShownTax,
  ZShownTaxQuery,
  ZTaxRate,
  ZTaxRateIdParams,
  ZTaxRatePage,
  ZTaxRatePageQuery,
  ZTaxRateRequest,
  ZTaxReport,
  ZTaxReportQuery,
} from './taxes.schema';

const tags = ['taxes'] as const;

/**
 * Operators' tax rates (issue 34, "Taxes"): the platform is the seller of record and charges
 * sales tax / VAT by the buyer's country and region, at the rate in force on the day.
 */
export const taxRoutes = defineRoutes({
  /**
   * What the storefront shows prices with: null where no tax is charged (nothing kept), else the
   * rate in force today, "incl. VAT" where `inclusive`. The checkout charges by the same rates.
   */
  shown: {
    method: 'GET',
    path: '/api/v1/public/taxes/shown',
    summary:
      'The tax buyers in a country (or region) see today: its name, rate, and whether prices include it',
    tags,
    query: ZShownTaxQuery,
    response: ZShownTax.nullable(),
    access: { public: true },
  },
  page: {
    method: 'GET',
    path: '/api/v1/taxes/rates',
    summary: 'Tax rates, a page at a time, by country and keywords',
    tags,
    query: ZTaxRatePageQuery,
    response: ZTaxRatePage,
    access: { permission: 'commerce:tax:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/taxes/rates',
    summary: 'Adds a tax rate for a country or one of its regions, from a day on',
    tags,
    body: ZTaxRateRequest,
    response: ZTaxRate,
    access: { permission: 'commerce:tax:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/taxes/rates/:id',
    summary: 'Edits a tax rate',
    tags,
    params: ZTaxRateIdParams,
    body: ZTaxRateRequest,
    response: ZTaxRate,
    access: { permission: 'commerce:tax:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/taxes/rates/:id',
    summary: 'Deletes a tax rate; orders keep the tax they were charged',
    tags,
    params: ZTaxRateIdParams,
    response: z.null(),
    access: { permission: 'commerce:tax:delete' },
  },
  report: {
    method: 'GET',
    path: '/api/v1/taxes/report',
    summary: 'Tax collected, refunded and net per jurisdiction and UTC month, to file returns',
    tags,
    query: ZTaxReportQuery,
    response: ZTaxReport,
    access: { permission: 'commerce:tax:query' },
  },
  reportExport: {
    method: 'GET',
    path: '/api/v1/taxes/report/export',
    summary: 'The tax report as CSV (UTF-8 with a BOM, headers in the caller’s language)',
    tags,
    query: ZTaxReportQuery,
    response: z.null(),
    access: { permission: 'commerce:tax:export' },
  },
  reportXlsx: {
    method: 'GET',
    path: '/api/v1/taxes/report/xlsx',
    summary: 'The tax report as .xlsx: the CSV’s rows, amounts as numbers (headers in the caller’s language)',
    tags,
    query: ZTaxReportQuery,
    response: z.null(),
    access: { permission: 'commerce:tax:export' },
  },
});
