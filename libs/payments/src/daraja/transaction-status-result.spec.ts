import { parseTransactionStatusResult } from './transaction-status-result.js';

const found = {
  ResultType: 0,
  ResultCode: 0,
  ResultDesc: 'The service request is processed successfully.',
  OriginatorConversationID: 'ws_CO_191220191020363925',
  ConversationID: 'AG_20250101_00004e48ee9b3c6b5ab1',
  TransactionID: 'SLB4X2K9QP',
  ResultParameters: {
    ResultParameter: [
      { Key: 'DebitPartyName', Value: '254708374149 - John Doe' },
      { Key: 'InitiatedTime', Value: 20250101003000 },
      { Key: 'DebitPartyCharges' },
      { Key: 'ReasonType', Value: 'Pay Bill Online' },
      { Key: 'TransactionStatus', Value: 'Completed' },
      { Key: 'FinalisedTime', Value: 20250101003005 },
      { Key: 'Amount', Value: 1250 },
      { Key: 'ReceiptNo', Value: 'SLB4X2K9QP' },
    ],
  },
  ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
};

const notFound = {
  ResultType: 0,
  ResultCode: 1,
  ResultDesc: 'No transaction found for the given OriginatorConversationID',
  OriginatorConversationID: 'ws_CO_191220191020363925',
  ConversationID: 'AG_20250101_00004e48ee9b3c6b5ab1',
  ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
};

const withParameters = (ResultParameter: unknown) => ({ Result: { ...found, ResultParameters: { ResultParameter } } });

describe('parseTransactionStatusResult', () => {
  it('reads a transaction M-Pesa found, with its receipt, amount and status', () => {
    expect(parseTransactionStatusResult({ Result: found })).toEqual({
      originatorConversationId: 'ws_CO_191220191020363925',
      conversationId: 'AG_20250101_00004e48ee9b3c6b5ab1',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      receipt: 'SLB4X2K9QP',
      amount: 1250,
      transactionStatus: 'Completed',
    });
  });

  it('reads a transaction M-Pesa did not find, without receipt or amount', () => {
    expect(parseTransactionStatusResult({ Result: notFound })).toEqual({
      originatorConversationId: 'ws_CO_191220191020363925',
      conversationId: 'AG_20250101_00004e48ee9b3c6b5ab1',
      resultCode: 1,
      resultDesc: 'No transaction found for the given OriginatorConversationID',
      receipt: null,
      amount: null,
      transactionStatus: null,
    });
  });

  it('reads codes and amounts sent as strings, and a lone parameter sent without its list', () => {
    expect(
      parseTransactionStatusResult({
        Result: { ...found, ResultCode: '0', ResultParameters: { ResultParameter: [{ Key: 'Amount', Value: '1250.00' }] } },
      }),
    ).toMatchObject({ resultCode: 0, amount: 1250 });
    expect(parseTransactionStatusResult(withParameters({ Key: 'ReceiptNo', Value: 'SLB4X2K9QP' }))).toMatchObject({
      receipt: 'SLB4X2K9QP',
      amount: null,
    });
  });

  it('takes an empty value for no value', () => {
    expect(
      parseTransactionStatusResult(
        withParameters([
          { Key: 'ReceiptNo', Value: '' },
          { Key: 'Amount', Value: '' },
        ]),
      ),
    ).toMatchObject({ receipt: null, amount: null });
  });

  it.each<[string, unknown]>([
    ['nothing', undefined],
    [
      'an STK callback',
      { Body: { stkCallback: { MerchantRequestID: '1', CheckoutRequestID: 'ws_CO_1', ResultCode: 0, ResultDesc: 'ok' } } },
    ],
    ['a result without ConversationID', { Result: { ...notFound, ConversationID: undefined } }],
    ['a result without OriginatorConversationID', { Result: { ...notFound, OriginatorConversationID: '' } }],
    ['a ResultCode that is not a number', { Result: { ...notFound, ResultCode: 'failed' } }],
    ['a receipt that is not one', withParameters([{ Key: 'ReceiptNo', Value: 'SLB-4X2K9' }])],
    ['a negative amount', withParameters([{ Key: 'Amount', Value: -5 }])],
    ['parameters that are not key and value', withParameters(['ReceiptNo'])],
  ])('finds no result in %s', (_case, body) => {
    expect(parseTransactionStatusResult(body)).toBeNull();
  });
});
