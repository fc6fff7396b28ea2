import { LIMITS } from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';

/**
 * The number an STK push goes to, from what the shopper typed: the checkout's rule (non-empty, at least
 * ten characters) and a real Kenyan mobile number. Null when the shopper must correct it.
 */
export function payableMpesaNumber(typed: string): string | null {
  const phone = typed.trim();
  if (phone.length < LIMITS.mpesaPhoneMinLength) return null;
  return kenyanMobileNumber(phone);
}
