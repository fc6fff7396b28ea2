import { CURRENCY, LOCALE, type PaypalCharge } from '@shop/contracts';

/** A rate is KES per unit to as many decimals as it was configured with (129, 129.5, 0.7), never rounded to whole shillings. */
const rateFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  currencyDisplay: 'code',
  minimumFractionDigits: 0,
  maximumFractionDigits: 8,
});

/** The amount PayPal is asked for, in its own currency's usual form, with the code so that nobody reads "$" as shillings: "USD 8.34". */
export function formatPaypalAmount(charge: Pick<PaypalCharge, 'currency' | 'value'>): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: charge.currency, currencyDisplay: 'code' }).format(
    Number(charge.value),
  );
}

/** "1 USD = KES 129" */
export function formatPaypalRate(charge: Pick<PaypalCharge, 'currency' | 'kesPerUnit'>): string {
  return `1 ${charge.currency} = ${rateFormat.format(charge.kesPerUnit)}`;
}

/** "USD 8.34 (1 USD = KES 129)": the order details' line for what PayPal was asked to charge, at the rate recorded with the order. */
export function paypalChargeText(charge: PaypalCharge): string {
  return `${formatPaypalAmount(charge)} (${formatPaypalRate(charge)})`;
}
