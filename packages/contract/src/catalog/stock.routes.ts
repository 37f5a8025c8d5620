import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import { ZStockImportRequest, ZStockImportResult } from './stock.schema';

const tags = ['catalogue'] as const;

/** Every variant's stock as an .xlsx, out and back in by SKU (operators, in the console). */
export const stockRoutes = defineRoutes({
  /** Answers the .xlsx file itself (not the JSON envelope); errors still come as the envelope. */
  export: {
    method: 'GET',
    path: '/api/v1/catalog/stock/export',
    summary: 'Every variant as an .xlsx row: SKU, product title (English), variant, stock, on/off',
    tags,
    response: z.null(),
    access: { permission: 'catalog:product:query' },
  },
  import: {
    method: 'POST',
    path: '/api/v1/catalog/stock/import',
    summary:
      'Sets the stock of each SKU of an .xlsx (multipart `file`); every row is checked first, and a file with any bad row writes nothing',
    tags,
    body: ZStockImportRequest,
    response: ZStockImportResult,
    access: { permission: 'catalog:product:edit' },
  },
});
