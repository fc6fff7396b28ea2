import { Button, Flex, theme } from 'antd';
import { formatKes, type Order } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { mayRecordPayment, mayRefund, revivalOf } from './admin-order-moves';
import { orderActionOpened } from './adminOrders.slice';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { RefundDialog } from './RefundDialog';
import { ReviveDialog } from './ReviveDialog';

/**
 * What the admin may do to the order besides choosing its status: each button, shown only when the
 * order allows it, opens its confirmation. The dialogs stay mounted whatever the order becomes, so
 * that a refusal (the order moved on meanwhile) is still read in the dialog that met it.
 */
export function OrderActions({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const revival = revivalOf(order);
  const canRecordPayment = mayRecordPayment(order);
  const canRefund = mayRefund(order);

  return (
    <>
      {(canRecordPayment || canRefund || revival !== null) && (
        <Flex gap={token.marginSM} wrap role="group" aria-label="Order actions">
          {canRecordPayment && <Button onClick={() => dispatch(orderActionOpened('recordPayment'))}>Record payment</Button>}
          {canRefund && <Button onClick={() => dispatch(orderActionOpened('refund'))}>Refund {formatKes(order.refundDue ?? 0)}</Button>}
          {revival !== null && <Button onClick={() => dispatch(orderActionOpened('revive'))}>Revive</Button>}
        </Flex>
      )}
      <RecordPaymentDialog order={order} />
      <RefundDialog order={order} />
      <ReviveDialog order={order} />
    </>
  );
}
