import { Button, Flex, theme } from 'antd';
import { useState } from 'react';
import { formatKes, type Order } from '@shop/contracts';
import { mayRecordPayment, mayRefund, revivalOf } from './admin-order-moves';
import type { OrderActionDialogPlace } from './OrderActionDialog';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { RefundDialog } from './RefundDialog';
import { ReviveDialog } from './ReviveDialog';

/** What the admin may do to an order besides choosing its status, each behind its own dialog. */
type OrderActionKind = 'recordPayment' | 'refund' | 'revive';

/**
 * What the admin may do to the order besides choosing its status: each button, shown only when the
 * order allows it, opens its confirmation. The dialogs stay mounted whatever the order becomes, so
 * that a refusal (the order moved on meanwhile) is still read in the dialog that met it.
 */
export function OrderActions({ order }: { order: Order }) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState<OrderActionKind | null>(null);
  const revival = revivalOf(order);
  const canRecordPayment = mayRecordPayment(order);
  const canRefund = mayRefund(order);
  const placeOf = (kind: OrderActionKind): OrderActionDialogPlace => ({ open: open === kind, onClose: () => setOpen(null) });

  return (
    <>
      {(canRecordPayment || canRefund || revival !== null) && (
        <Flex gap={token.marginSM} wrap role="group" aria-label="Order actions">
          {canRecordPayment && <Button onClick={() => setOpen('recordPayment')}>Record payment</Button>}
          {canRefund && <Button onClick={() => setOpen('refund')}>Refund {formatKes(order.refundDue ?? 0)}</Button>}
          {revival !== null && <Button onClick={() => setOpen('revive')}>Revive</Button>}
        </Flex>
      )}
      <RecordPaymentDialog order={order} {...placeOf('recordPayment')} />
      <RefundDialog order={order} {...placeOf('refund')} />
      <ReviveDialog order={order} {...placeOf('revive')} />
    </>
  );
}
