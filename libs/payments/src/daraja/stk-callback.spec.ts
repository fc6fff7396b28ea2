import { MESSAGES } from '@shop/contracts';
import { mpesaFailureReason } from './mpesa-failure-reason.js';
import { parseStkCallback } from './stk-callback.js';

function callback(stkCallback: Record<string, unknown>): unknown {
  return { Body: { stkCallback } };
}

const paid = {
  MerchantRequestID: '29115-34620561-1',
  CheckoutRequestID: 'ws_CO_191220191020363925',
  ResultCode: 0,
  ResultDesc: 'The service request is processed successfully.',
  CallbackMetadata: {
    Item: [
      { Name: 'Amount', Value: 1250 },
      { Name: 'MpesaReceiptNumber', Value: 'SLB4X2K9QP' },
      { Name: 'Balance' },
      { Name: 'TransactionDate', Value: 20250101003005 },
      { Name: 'PhoneNumber', Value: 254708374149 },
    ],
  },
};

const itemsWithout = (name: string) => ({
  ...paid,
  CallbackMetadata: { Item: paid.CallbackMetadata.Item.filter((item) => item.Name !== name) },
});
const itemsWith = (name: string, value: unknown) => ({
  ...paid,
  CallbackMetadata: { Item: paid.CallbackMetadata.Item.map((item) => (item.Name === name ? { Name: name, Value: value } : item)) },
});

describe('parseStkCallback', () => {
  it('reads a successful payment with its details', () => {
    expect(parseStkCallback(callback(paid))).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      metadata: { amount: 1250, receipt: 'SLB4X2K9QP', transactionDate: new Date('2024-12-31T21:30:05Z'), phone: '254708374149' },
    });
  });

  it('reads details sent as strings, and an amount with cents', () => {
    const stringly = {
      ...paid,
      ResultCode: '0',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 1250.0 },
          { Name: 'MpesaReceiptNumber', Value: 'SLB4X2K9QP' },
          { Name: 'TransactionDate', Value: '20250101003005' },
          { Name: 'PhoneNumber', Value: '254708374149' },
        ],
      },
    };
    expect(parseStkCallback(callback(stringly))).toMatchObject({ resultCode: 0, metadata: { amount: 1250, phone: '254708374149' } });
    expect(parseStkCallback(callback(itemsWith('PhoneNumber', '2547*****149')))).toMatchObject({ metadata: { phone: '2547*****149' } });
  });

  it('reads a failed payment without details', () => {
    const cancelled = {
      MerchantRequestID: '1-2-3',
      CheckoutRequestID: 'ws_CO_1',
      ResultCode: 1032,
      ResultDesc: 'Request cancelled by user',
    };
    expect(parseStkCallback(callback(cancelled))).toEqual({
      merchantRequestId: '1-2-3',
      checkoutRequestId: 'ws_CO_1',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });

  it.each<[string, unknown]>([
    ['nothing', undefined],
    ['a string', 'Body'],
    ['an empty object', {}],
    ['a body without stkCallback', { Body: {} }],
    ['a callback without CheckoutRequestID', callback({ ...paid, CheckoutRequestID: undefined })],
    ['an empty CheckoutRequestID', callback({ ...paid, CheckoutRequestID: '' })],
    ['a ResultCode that is not a number', callback({ ...paid, ResultCode: 'ok' })],
    ['a fractional ResultCode', callback({ ...paid, ResultCode: 0.5 })],
    ['a success without CallbackMetadata', callback({ ...paid, CallbackMetadata: undefined })],
    ['a success without an amount', callback(itemsWithout('Amount'))],
    ['a success without a receipt', callback(itemsWithout('MpesaReceiptNumber'))],
    ['a success without a phone', callback(itemsWithout('PhoneNumber'))],
    ['a success with a negative amount', callback(itemsWith('Amount', -5))],
    ['a success with an impossible date', callback(itemsWith('TransactionDate', 20250231120000))],
    ['a success with a landline', callback(itemsWith('PhoneNumber', 254201234567))],
    ['Item that is not a list', callback({ ...paid, CallbackMetadata: { Item: { Name: 'Amount', Value: 1 } } })],
  ])('finds no callback in %s', (_case, body) => {
    expect(parseStkCallback(body)).toBeNull();
  });
});

describe('mpesaFailureReason', () => {
  it.each([
    [1032, MESSAGES.payment.mpesaCancelled],
    [1, MESSAGES.payment.mpesaInsufficientFunds],
    [2001, MESSAGES.payment.mpesaWrongPin],
    [1037, MESSAGES.payment.mpesaUnreachable],
    [1019, MESSAGES.payment.mpesaNotCompleted],
    [17, MESSAGES.payment.mpesaDeclined],
    [9999, MESSAGES.payment.mpesaDeclined],
  ])('tells the shopper why result %d failed', (resultCode, reason) => {
    expect(mpesaFailureReason(resultCode)).toBe(reason);
  });
});
