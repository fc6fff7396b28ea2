import { Alert, Button, Flex, Modal, theme } from 'antd';
import { formatKes, type Order } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { refundFollowsCancel, shopperMayCancel } from './order-moves';
import { orderCancelRequested } from './orders.slice';

/** What happens to the shopper's money when they cancel: said before they confirm. */
function cancelConsequence(order: Order): string {
  if (refundFollowsCancel(order)) return `Its items go back to the shop, and we will refund the ${formatKes(order.totalAmount)} you paid.`;
  return 'Its items go back to the shop. You have not paid, so nothing is owed.';
}

/**
 * The shopper's Cancel in the order's dialog, where the transition table lets them close the order,
 * behind a confirmation that says whether a refund follows; and why the last try was refused.
 */
export function CancelOrder({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const [modal, modalHolder] = Modal.useModal();
  const { token } = theme.useToken();
  const cancel = useAppSelector((state) => state.orders.cancel);
  const isCancelling = cancel.orderId === order.id;
  // The refusal stays in sight even once the order moved on and the button went (a refusal reads the order again).
  if (!shopperMayCancel(order) && cancel.error === null) return null;

  function confirmCancel() {
    void modal.confirm({
      title: `Cancel order #${order.id}?`,
      content: cancelConsequence(order),
      okText: 'Cancel order',
      okButtonProps: { danger: true },
      cancelText: 'Keep order',
      onOk: () => {
        dispatch(orderCancelRequested(order.id));
      },
    });
  }

  return (
    <Flex vertical gap={token.marginSM} align="flex-start">
      {modalHolder}
      {cancel.error && <Alert type="error" showIcon title={cancel.error} style={{ alignSelf: 'stretch' }} />}
      {shopperMayCancel(order) && (
        <Button danger loading={isCancelling} onClick={confirmCancel}>
          Cancel order
        </Button>
      )}
    </Flex>
  );
}
