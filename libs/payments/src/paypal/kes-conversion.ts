interface Decimal {
  digits: bigint;
  /** How many of the digits are decimals. */
  scale: number;
}

function exactDecimal(value: number, what: string): Decimal {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${what} must be a positive number, got ${value}`);
  // The shortest decimal that reads back as this number is the one the order or the configuration
  // was written with (129.5, 0.7); binary float arithmetic on it would add noise worth a cent.
  const [mantissa, exponentText = '0'] = value.toString().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponentText);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * The amount PayPal is asked to charge for a KES total, at `kesPerUnit` shillings per unit of the
 * PayPal currency: two decimals, rounded up to the next cent so the shop never charges less than
 * the total. PayPal takes no KES; the configuration admits only currencies with cents.
 */
export function convertKes(totalKes: number, kesPerUnit: number): string {
  const total = exactDecimal(totalKes, 'the KES total');
  const rate = exactDecimal(kesPerUnit, 'the KES rate');
  // cents = ceil(totalKes × 100 / kesPerUnit), in whole numbers only.
  const numerator = total.digits * 100n * 10n ** BigInt(rate.scale);
  const denominator = rate.digits * 10n ** BigInt(total.scale);
  const cents = (numerator + denominator - 1n) / denominator;
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
