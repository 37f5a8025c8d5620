import { describe, expect, it } from 'vitest';
import { CASE_MESSAGE_MAX, ZCaseRefundRequest, ZConsoleCasesQuery, ZOpenCaseRequest } from './cases.schema';

const bytes = (n: number) => new Uint8Array(n);

describe('ZOpenCaseRequest', () => {
  it('takes one photo part, several, or none (a JSON body)', () => {
    const base = { itemId: '12', reason: 'damaged', message: '  Broken  ' };
    expect(ZOpenCaseRequest.parse(base)).toEqual({ ...base, message: 'Broken' });
    expect(ZOpenCaseRequest.parse({ ...base, photos: bytes(3) }).photos).toHaveLength(1);
    expect(ZOpenCaseRequest.parse({ ...base, photos: [bytes(1), bytes(2), bytes(3)] }).photos).toHaveLength(
      3,
    );
  });

  it('refuses a fourth photo, text for a photo, an unknown reason and an empty or long message', () => {
    const base = { itemId: '12', reason: 'damaged', message: 'Broken' };
    const issues = (value: unknown) =>
      ZOpenCaseRequest.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...base, photos: [bytes(1), bytes(1), bytes(1), bytes(1)] })).toEqual([
      ['photos', 'validation.casePhotos'],
    ]);
    expect(issues({ ...base, photos: ['not bytes'] })).toEqual([['photos.0', 'validation.file']]);
    expect(issues({ ...base, reason: 'late' })?.[0]?.[0]).toBe('reason');
    expect(issues({ ...base, message: '   ' })).toEqual([['message', 'validation.required']]);
    expect(issues({ ...base, message: 'x'.repeat(CASE_MESSAGE_MAX + 1) })?.[0]?.[0]).toBe('message');
    expect(issues({ ...base, itemId: '0' })?.[0]?.[0]).toBe('itemId');
  });
});

describe('the console’s requests', () => {
  it('reads the queue’s filters and an action’s units', () => {
    expect(ZConsoleCasesQuery.parse({ status: 'new', orderNo: ' ls1-a ' })).toMatchObject({
      status: 'new',
      orderNo: 'LS1-A',
      pageNum: 1,
    });
    expect(ZConsoleCasesQuery.safeParse({ status: 'open' }).success).toBe(false);
    expect(ZCaseRefundRequest.parse({ quantity: 2 })).toEqual({ quantity: 2, note: '' });
    expect(ZCaseRefundRequest.safeParse({ quantity: 0 }).success).toBe(false);
    expect(ZCaseRefundRequest.safeParse({ quantity: 1.5 }).success).toBe(false);
  });
});
