import { MESSAGES } from '@shop/contracts';
import { ApiError, errorOfAnswer, isRefusedWith } from './api-client';

describe('what an answer amounts to', () => {
  it("is the api's refusal, with its code and data, whatever the status", () => {
    const refusal = errorOfAnswer(409, {
      success: false,
      code: 'STOCK_SHORT',
      message: MESSAGES.checkout.outOfStock('Kite', 2),
      data: { productTitle: 'Kite', available: 2 },
    });
    expect(refusal).toEqual(new ApiError(MESSAGES.checkout.outOfStock('Kite', 2), 'STOCK_SHORT'));
    expect(refusal?.data).toEqual({ productTitle: 'Kite', available: 2 });
    expect(isRefusedWith(refusal, ['STOCK_SHORT'])).toBe(true);
    expect(isRefusedWith(refusal, ['ORDER_NOT_PAID'])).toBe(false);
  });

  it("is the code HTTP's status amounts to when a proxy answered instead of the api", () => {
    expect(errorOfAnswer(502, undefined)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server.serviceUnavailable });
    expect(errorOfAnswer(413, undefined)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.variation.imageTooLarge });
    expect(errorOfAnswer(500, { success: false, message: 'no code here' })).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('is a failure for a 2xx that is no JSON, and nothing for a success', () => {
    expect(errorOfAnswer(200, undefined)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(errorOfAnswer(200, { success: true, data: [] })).toBeNull();
    expect(isRefusedWith(new ApiError(MESSAGES.server.networkError, null), ['SERVICE_UNAVAILABLE'])).toBe(false);
  });
});
