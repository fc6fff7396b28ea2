import { Button, Flex, Form, Input, theme } from 'antd';
import { useEffect } from 'react';
import { MESSAGES, type Address } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paymentRequested } from '../checkout/checkout.actions';
import { MpesaWaitingPanel } from './MpesaWaitingPanel';
import { mpesaPhoneChanged, paymentViewLeft } from './payments.slice';

/** The checkout's pay buttons (docs/product.md, Payments): M-Pesa in two clicks (the number, then the push), PayPal in one. */
export function PayButtons({ address }: { address: Address | null }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { startingMethod, mpesaPhone, followed, mpesaStartDoubt } = useAppSelector((state) => state.payments);
  // A payment on its way, or one that may have gone through unseen: paying again could pay twice.
  const busy = startingMethod !== null || followed?.outcome === 'waiting' || followed?.outcome === 'unknown' || mpesaStartDoubt === 'start';
  const disabled = address === null || busy;

  // Leaving the checkout stops following the payment (its order stays in the account).
  useEffect(
    () => () => {
      dispatch(paymentViewLeft());
    },
    [dispatch],
  );

  const payByMpesa = () => dispatch(paymentRequested('mpesa'));

  return (
    <Flex vertical gap={token.marginSM}>
      {mpesaPhone.isOpen && (
        <Form layout="vertical" onFinish={payByMpesa} disabled={disabled} requiredMark={false}>
          <Form.Item
            label="M-Pesa phone number"
            htmlFor="mpesa-phone"
            validateStatus={mpesaPhone.error ? 'error' : undefined}
            help={mpesaPhone.error ?? MESSAGES.checkout.mpesaPhoneHelp}
            style={{ marginBottom: 0 }}
          >
            <Input
              id="mpesa-phone"
              autoFocus
              inputMode="tel"
              autoComplete="tel"
              placeholder="254712345678"
              value={mpesaPhone.value}
              onChange={(event) => dispatch(mpesaPhoneChanged(event.target.value))}
              aria-invalid={mpesaPhone.error !== null}
            />
          </Form.Item>
        </Form>
      )}
      <Button type="primary" size="large" block disabled={disabled} loading={startingMethod === 'mpesa'} onClick={payByMpesa}>
        Pay with M-Pesa
      </Button>
      <Button
        size="large"
        block
        disabled={disabled}
        loading={startingMethod === 'paypal'}
        onClick={() => dispatch(paymentRequested('paypal'))}
      >
        Pay with PayPal
      </Button>
      <MpesaWaitingPanel />
    </Flex>
  );
}
