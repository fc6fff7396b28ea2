import { Card, Divider, Empty, Flex, Skeleton, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { effectivePrice, formatKes, MESSAGES, ROUTES, type Address, type CartItem } from '@shop/contracts';
import { cartLineKey } from '../cart/cart-lines';
import { CartLineVariation } from '../cart/CartLine';
import { ProductThumbnail } from '../cart/ProductThumbnail';
import { PayButtons } from '../payments/PayButtons';
import { AmountRow } from './AmountRow';
import { checkoutTotals } from './checkout-totals';
import { PaypalQuoteRow } from './PaypalQuoteRow';

interface OrderSummaryProps {
  items: CartItem[];
  subtotal: number;
  isLoading: boolean;
  address: Address | null;
}

/** The cart's lines and what the order costs with delivery to the chosen address (and in PayPal's currency), then the pay buttons. */
export function OrderSummary({ items, subtotal, isLoading, address }: OrderSummaryProps) {
  const { token } = theme.useToken();
  const totals = checkoutTotals(subtotal, address);

  let lines: ReactNode;
  if (isLoading && items.length === 0) {
    lines = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  } else if (items.length === 0) {
    lines = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.cart.empty}>
        <Link to={ROUTES.shopListing}>Browse the toys</Link>
      </Empty>
    );
  } else {
    lines = (
      <Flex vertical gap={token.marginXS} role="list" aria-label="Order lines">
        {items.map((item) => (
          <Flex key={cartLineKey(item)} justify="space-between" align="center" gap={token.marginSM} role="listitem">
            <ProductThumbnail image={item.image} size={40} />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis={{ tooltip: item.title }}>
                {item.title} × {item.quantity}
              </Typography.Text>
              <CartLineVariation item={item} />
            </Flex>
            <Typography.Text style={{ flexShrink: 0 }}>{formatKes(effectivePrice(item) * item.quantity)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    );
  }

  return (
    <Card size="small" title="Order summary" aria-busy={isLoading}>
      {lines}
      <Divider style={{ marginBlock: token.marginSM }} />
      <Flex vertical gap={token.marginXS} role="table" aria-label="Order total">
        <AmountRow label="Subtotal" amount={formatKes(totals.subtotal)} />
        <AmountRow
          label="Delivery fee"
          amount={totals.deliveryFee === null ? MESSAGES.address.selectAddress : formatKes(totals.deliveryFee)}
        />
        <AmountRow label="Total" amount={formatKes(totals.total)} strong />
        <PaypalQuoteRow items={items} address={address} cartLoading={isLoading} />
      </Flex>
      <div style={{ marginTop: token.marginMD }}>
        <PayButtons address={address} />
      </div>
    </Card>
  );
}
