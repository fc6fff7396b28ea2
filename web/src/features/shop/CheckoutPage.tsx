import '../../styles/antd/checkout.css';
import { Col, Flex, Row, theme } from 'antd';
import { useAppSelector } from '../../app/hooks';
import { useScreens } from '../../app/useScreens';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { selectSelectedAddress } from '../addresses/addresses.selectors';
import { AddressManager } from '../addresses/AddressManager';
import { cartSubtotal } from '../cart/cart-lines';
import { useShopperCart } from '../cart/useShopperCart';
import { CheckoutBanner } from '../checkout/CheckoutBanner';
import { DeliverySummary } from '../checkout/DeliverySummary';
import { OrderSummary } from '../checkout/OrderSummary';

/**
 * /shop/checkout (docs/product.md, Checkout): the addresses to choose from on the left, what the order costs and the
 * pay buttons on the right. On a phone, one column: the addresses, then what it costs and the pay
 * buttons, and the form for another address last.
 */
export function CheckoutPage() {
  const { token } = theme.useToken();
  // Prices and stock may have moved since the cart was read; the order is summed from today's.
  const cart = useShopperCart({ refetchOnMountOrArgChange: true });
  const address = useAppSelector(selectSelectedAddress);
  const isPhone = useScreens().lg !== true;

  const summary = (
    <Flex vertical gap={token.marginMD}>
      <DeliverySummary address={address} />
      <LoadFailureAlert error={cart.error} onRetry={cart.retry} retrying={cart.isLoading} />
      <OrderSummary items={cart.items} subtotal={cartSubtotal(cart.items)} isLoading={cart.isLoading} address={address} />
    </Flex>
  );

  return (
    <Flex vertical gap={token.marginLG}>
      <CheckoutBanner />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <AddressManager selectable cardsPerRow={2} beforeForm={isPhone ? summary : undefined} />
        </Col>
        {isPhone ? null : <Col lg={10}>{summary}</Col>}
      </Row>
    </Flex>
  );
}
