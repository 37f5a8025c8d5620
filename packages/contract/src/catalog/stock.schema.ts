import { z } from 'zod';

/*
 * The stock of every variant as a spreadsheet (decision 0055): exported with one row per variant
 * (SKU, product, variant, stock, on/off) and imported back by SKU. An import is all or nothing:
 * every row is checked before any stock is written.
 */

/** The most rows one stock import reads, and the most variants one export writes. */
export const STOCK_SHEET_MAX_ROWS = 20_000;

/** Multipart `file`: the .xlsx workbook (the web client sends a Blob; the server sees bytes). */
export const ZStockImportRequest = z.object({
  file: z
    .unknown()
    .refine((value) => value instanceof Uint8Array, { error: 'validation.file' })
    .transform((value) => value),
});
export type TStockImportRequestInput = { file: Blob };

/**
 * What an import did: `updated` variants got a new stock, `unchanged` ones already had the stock
 * of their row. A refused file writes nothing and answers A0400 with one `data.fields` entry per
 * problem, each named `rows.<row number>` (the header is row 1).
 */
export const ZStockImportResult = z.object({
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
});
export type TStockImportResult = z.infer<typeof ZStockImportResult>;

/** The field of a refused row in an import's `data.fields`: `rows.7`. */
export const stockRowField = (row: number) => `rows.${row}`;
