import { z } from 'zod';
import { ZOrderLinkParams } from '../orders/buyer-order.schema';
import { ZOrderNoParams } from '../orders/orders.schema';
import { defineRoutes } from '../platform/route';
import {
  CASE_PERMISSION,
  ZBuyerCases,
  ZCaseAskRequest,
  ZCaseDeclineRequest,
  ZCaseIdParams,
  ZCasePhotoParams,
  ZCaseRefundRequest,
  ZCaseReplyParams,
  ZCaseReplyRequest,
  ZCaseReshipRequest,
  ZConsoleCaseDetail,
  ZConsoleCasePage,
  ZConsoleCasesQuery,
  ZCreatorCases,
  ZOpenCaseRequest,
} from './cases.schema';

const tags = ['cases'] as const;
const open = { public: true } as const;
const operators = { permission: CASE_PERMISSION } as const;

/**
 * "Report a problem" on the buyer's order page (public: the signed order link is the credential,
 * rate limited per address), the operators' case queue, and the creator's read-only cases.
 */
export const casesRoutes = defineRoutes({
  buyerCases: {
    method: 'GET',
    path: '/api/v1/public/orders/by-link/:token/cases',
    summary: "The order's lines a problem can be reported with, and its cases, for its buyer",
    tags,
    params: ZOrderLinkParams,
    response: ZBuyerCases,
    access: open,
  },
  open: {
    method: 'POST',
    path: '/api/v1/public/orders/by-link/:token/cases',
    summary:
      'Reports a problem with one line of a shipped order (multipart with up to 3 `photos`, or JSON without)',
    tags,
    params: ZOrderLinkParams,
    body: ZOpenCaseRequest,
    response: ZBuyerCases,
    access: open,
  },
  reply: {
    method: 'POST',
    path: '/api/v1/public/orders/by-link/:token/cases/:caseId/reply',
    summary: "The buyer answers an operator's question on a case (multipart with up to 3 `photos`, or JSON)",
    tags,
    params: ZCaseReplyParams,
    body: ZCaseReplyRequest,
    response: ZBuyerCases,
    access: open,
  },
  page: {
    method: 'GET',
    path: '/api/v1/system/cases',
    summary: 'The case queue, oldest open first, filtered by status',
    tags,
    query: ZConsoleCasesQuery,
    response: ZConsoleCasePage,
    access: operators,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/system/cases/:id',
    summary: 'One case: its order and line, the buyer’s message and photos, its history',
    tags,
    params: ZCaseIdParams,
    response: ZConsoleCaseDetail,
    access: operators,
  },
  photo: {
    method: 'GET',
    path: '/api/v1/system/cases/:id/photos/:photoId',
    summary: "One of the buyer's photos of a case (the image's bytes)",
    tags,
    params: ZCasePhotoParams,
    response: z.null(),
    access: operators,
  },
  refund: {
    method: 'POST',
    path: '/api/v1/system/cases/:id/refund',
    summary: "Resolves the case by refunding units of its line (no restock); reverses the creator's share",
    tags,
    params: ZCaseIdParams,
    body: ZCaseRefundRequest,
    response: ZConsoleCaseDetail,
    access: operators,
    idempotent: true,
  },
  reship: {
    method: 'POST',
    path: '/api/v1/system/cases/:id/reship',
    summary: 'Resolves the case by a new zero-price order of the same variant to the same address',
    tags,
    params: ZCaseIdParams,
    body: ZCaseReshipRequest,
    response: ZConsoleCaseDetail,
    access: operators,
    idempotent: true,
  },
  decline: {
    method: 'POST',
    path: '/api/v1/system/cases/:id/decline',
    summary: 'Resolves the case by declining it, with the reason the buyer is mailed',
    tags,
    params: ZCaseIdParams,
    body: ZCaseDeclineRequest,
    response: ZConsoleCaseDetail,
    access: operators,
  },
  ask: {
    method: 'POST',
    path: '/api/v1/system/cases/:id/ask',
    summary: 'Asks the buyer something (mailed); the case waits for their reply',
    tags,
    params: ZCaseIdParams,
    body: ZCaseAskRequest,
    response: ZConsoleCaseDetail,
    access: operators,
  },
  byOrder: {
    method: 'GET',
    path: '/api/v1/cases/by-order/:orderNo',
    summary: "The cases of one of the caller's own orders (read only)",
    tags,
    params: ZOrderNoParams,
    response: ZCreatorCases,
    access: { permission: null },
  },
});
