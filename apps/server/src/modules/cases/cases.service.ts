import type { TLanguage } from '@linkstore/contract';
import { ErrorCode } from '@linkstore/contract';
import { AppError } from '../../platform/errors/app-error';
import { buyerCasesOf, openCase, replyToCase, type OpenCaseInput } from './buyer-cases';
import type { CasesDeps } from './cases-deps';
import { caseDetail, casePhoto, creatorCases, pageCases } from './console-cases';
import { askBuyer, declineCase, refundCase, reshipCase } from './resolve-case';

/**
 * Cases (issue 35): the buyer's report and reply (buyer-cases.ts), the console's queue and detail
 * (console-cases.ts), an operator's steps (resolve-case.ts) and the creator's read-only view. This
 * binds each to the module's dependencies.
 */
export function createCasesService(deps: CasesDeps) {
  return {
    /** `GET /public/orders/by-link/:token/cases`. */
    buyerCases: (token: string) => {
      const verified = deps.orderLinks.links.verify(token);
      if (!verified) throw AppError.of(ErrorCode.ORDER_LINK_INVALID, 'orders.linkInvalid');
      return buyerCasesOf(deps.db, verified.orderId);
    },
    open: (token: string, input: OpenCaseInput, ip: string) => openCase(deps, token, input, ip),
    reply: (token: string, caseId: number, input: { message: string; photos: Uint8Array[] }, ip: string) =>
      replyToCase(deps, token, caseId, input, ip),
    page: (query: Parameters<typeof pageCases>[1]) => pageCases(deps.db, query),
    detail: (id: number) => caseDetail(deps.db, id),
    photo: (id: number, photoId: string) => casePhoto(deps, id, photoId),
    refund: (operatorId: number, id: number, body: { quantity: number; note: string }, lang: TLanguage) =>
      refundCase(deps, operatorId, id, body, lang),
    reship: (operatorId: number, id: number, body: { quantity: number; note: string }) =>
      reshipCase(deps, operatorId, id, body),
    decline: (operatorId: number, id: number, reason: string) => declineCase(deps, operatorId, id, reason),
    ask: (operatorId: number, id: number, message: string) => askBuyer(deps, operatorId, id, message),
    /** `GET /cases/by-order/:orderNo`: the caller's own order's cases. */
    ofCreatorOrder: (callerId: number, orderNo: string) => creatorCases(deps.db, callerId, orderNo),
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
