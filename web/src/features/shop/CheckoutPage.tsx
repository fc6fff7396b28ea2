import { Col, Flex, Row, theme } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useScreens } from '../../app/useScreens';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { selectSelectedAddress } from '../addresses/addresses.selectors';
import { AddressManager } from '../addresses/AddressManager';
import { selectCartError, selectCartIsLoading, selectCartItems, selectCartSubtotal } from '../cart/cart.selectors';
import { cartRequested } from '../cart/cart.slice';
import { CheckoutBanner } from '../checkout/CheckoutBanner';
import { DeliverySummary } from '../checkout/DeliverySummary';
import { OrderSummary } from '../checkout/OrderSummary';

/**
 * /shop/checkout (docs/product.md, Checkout): the addresses to choose from on the left, what the order costs and the
 * pay buttons on the right. On a phone, one column: the addresses, then what it costs and the pay
 * buttons, and the form for another address last.
 */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const items = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartSubtotal);
  const cartLoading = useAppSelector(selectCartIsLoading);
  const cartError = useAppSelector(selectCartError);
  const address = useAppSelector(selectSelectedAddress);
  const isPhone = useScreens().lg !== true;

  // Prices and stock may have moved since the cart was loaded at sign-in; the order is summed from today's.
  useEffect(() => {
    dispatch(cartRequested());
  }, [dispatch]);

  const summary = (
    <Flex vertical gap={token.marginMD}>
      <DeliverySummary address={address} />
      <LoadFailureAlert error={cartError} onRetry={() => dispatch(cartRequested())} retrying={cartLoading} />
      <OrderSummary items={items} subtotal={subtotal} isLoading={cartLoading} address={address} />
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
