import { Button, Flex, Skeleton, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { formatKes, type Address, type CartItem } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AmountRow } from './AmountRow';
import { paypalQuoteKey } from './checkout-totals';
import { paypalQuoteRequested, selectPaypalQuote } from './checkout.slice';
import { formatPaypalAmount, formatPaypalRate } from './paypal-charge';

interface PaypalQuoteRowProps {
  items: CartItem[];
  address: Address | null;
  /** The cart is being read again: the quote waits for today's lines. */
  cartLoading: boolean;
}

/**
 * What PayPal will charge, in its currency and at the shop's rate, under the KES total: PayPal takes
 * no KES, and the shopper sees the foreign amount here before leaving for PayPal's page.
 */
export function PaypalQuoteRow({ items, address, cartLoading }: PaypalQuoteRowProps) {
  const dispatch = useAppDispatch();
  const paypalQuote = useAppSelector(selectPaypalQuote);
  const key = address !== null && items.length > 0 ? paypalQuoteKey(address.id, items) : null;
  const askedFor = paypalQuote.key;

  useEffect(() => {
    if (key !== null && address !== null && !cartLoading && key !== askedFor)
      dispatch(paypalQuoteRequested({ key, addressId: address.id }));
  }, [dispatch, key, address, cartLoading, askedFor]);

  if (key === null || address === null) return null;
  const retry = () => dispatch(paypalQuoteRequested({ key, addressId: address.id }));
  const { quote, error } = key === askedFor ? paypalQuote : { quote: null, error: null };

  let amount: ReactNode;
  if (quote) {
    amount = (
      <Flex vertical align="flex-end">
        <span>{formatPaypalAmount(quote.providerAmount)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatKes(quote.totalAmount)} at {formatPaypalRate(quote.providerAmount)}
        </Typography.Text>
      </Flex>
    );
  } else if (error) {
    amount = (
      <Flex vertical align="flex-end">
        <Typography.Text type="danger">{error}</Typography.Text>
        <Button type="link" size="small" onClick={retry} style={{ paddingInline: 0 }}>
          Try again
        </Button>
      </Flex>
    );
  } else {
    amount = <Skeleton.Input active size="small" style={{ width: 96 }} />;
  }
  return <AmountRow label="By PayPal" amount={amount} />;
}
