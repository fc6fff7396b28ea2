import { Alert, Button, Flex, Modal, theme } from 'antd';
import { formatKes, type Order } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { refundFollowsCancel, shopperMayCancel } from './order-moves';
import { useCancelOrderMutation } from './orders.api';

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
  const [modal, modalHolder] = Modal.useModal();
  const { token } = theme.useToken();
  const [cancelOrder, { isLoading: isCancelling, error }] = useCancelOrderMutation();
  const refusal = messageOfFailure(error);
  // The refusal stays in sight even once the order moved on and the button went (a refusal reads the order again).
  if (!shopperMayCancel(order) && refusal === null) return null;

  function confirmCancel() {
    void modal.confirm({
      title: `Cancel order #${order.id}?`,
      content: cancelConsequence(order),
      okText: 'Cancel order',
      okButtonProps: { danger: true },
      cancelText: 'Keep order',
      onOk: () => {
        void cancelOrder({ orderId: order.id });
      },
    });
  }

  return (
    <Flex vertical gap={token.marginSM} align="flex-start">
      {modalHolder}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ alignSelf: 'stretch' }} />}
      {shopperMayCancel(order) && (
        <Button danger loading={isCancelling} onClick={confirmCancel}>
          Cancel order
        </Button>
      )}
    </Flex>
  );
}
