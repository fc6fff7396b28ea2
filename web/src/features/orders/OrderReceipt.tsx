import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Flex, Modal, Table, theme, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { Order } from '@shop/contracts';
import { SHOP_NAME } from '../../app/brand';
import { Heading } from '../../components/Heading';
import { AmountRow } from '../checkout/AmountRow';
import { useShopInfo } from '../shop-info/useShopInfo';
import { hasReceipt, receiptOf, type Receipt, type ReceiptLine } from './receipt';

/** The copy of the receipt that prints: a child of the body, so that print rules can leave out everything else. */
const PRINTED_RECEIPT_CLASS = 'order-receipt-printed';

/** Only the receipt prints, black on white; on screen its printed copy stays out of sight (the dialog shows it). */
const PRINT_RULES = `
@media screen { .${PRINTED_RECEIPT_CLASS} { display: none; } }
@media print {
  body > :not(.${PRINTED_RECEIPT_CLASS}) { display: none !important; }
  .${PRINTED_RECEIPT_CLASS} { padding: 12mm; }
  .${PRINTED_RECEIPT_CLASS}, .${PRINTED_RECEIPT_CLASS} * { color: #000 !important; background: #fff !important; box-shadow: none !important; }
}`;

/** Two columns, the quantity and unit price under the item: a phone's dialog and a printed page both fit them whole. */
const LINE_COLUMNS: TableColumnsType<ReceiptLine> = [
  {
    title: 'Item',
    key: 'item',
    render: (_: unknown, line: ReceiptLine) => (
      <Flex vertical>
        <Typography.Text>{line.title}</Typography.Text>
        {line.variationLabel && <Typography.Text type="secondary">{line.variationLabel}</Typography.Text>}
        <Typography.Text type="secondary">
          {line.quantity} × {line.unitPrice}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right' },
];

/** The receipt itself: the shop, the order, its lines and total in KES, and the payment's reference. */
function ReceiptSheet({ receipt, customer }: { receipt: Receipt; customer: string }) {
  const { token } = theme.useToken();
  const { info } = useShopInfo();
  return (
    <Flex vertical gap={token.marginSM}>
      <div>
        <Heading level={2} look={4} style={{ margin: 0 }}>
          {SHOP_NAME}
        </Heading>
        {info && (
          <Typography.Text type="secondary">
            {info.address} · {info.phone}
          </Typography.Text>
        )}
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'receipt', label: 'Receipt for order', children: receipt.orderNumber },
          { key: 'date', label: 'Date', children: receipt.date },
          { key: 'customer', label: 'Customer', children: customer },
        ]}
      />
      <Table<ReceiptLine> size="small" rowKey="key" columns={LINE_COLUMNS} dataSource={receipt.lines} pagination={false} />
      <Flex vertical gap={token.marginXXS} role="table" aria-label="Receipt total" style={{ paddingInline: token.paddingSM }}>
        <AmountRow label="Subtotal" amount={receipt.subtotal} />
        <AmountRow label="Delivery fee" amount={receipt.deliveryFee} />
        <AmountRow label="Total" amount={receipt.total} strong />
      </Flex>
      {receipt.payment && (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'method', label: 'Paid by', children: receipt.payment.method },
            { key: 'reference', label: receipt.payment.referenceLabel, children: receipt.payment.reference },
            ...(receipt.refund ? [{ key: 'refund', label: 'Refund', children: receipt.refund }] : []),
          ]}
        />
      )}
      <Divider style={{ margin: 0 }} />
      <Typography.Text type="secondary">Thank you for shopping with {SHOP_NAME}.</Typography.Text>
    </Flex>
  );
}

/** "Print receipt" on a paid order's details: the receipt in a dialog, and the browser's print of it alone. */
export function OrderReceipt({ order }: { order: Order }) {
  const [isOpen, setOpen] = useState(false);
  if (!hasReceipt(order)) return null;
  const receipt = receiptOf(order);
  return (
    <>
      <Button icon={<PrinterOutlined aria-hidden />} onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Print receipt
      </Button>
      <Modal
        open={isOpen}
        title={`Receipt for order ${receipt.orderNumber}`}
        onCancel={() => setOpen(false)}
        width={{ xs: '100%', md: 640 }}
        destroyOnHidden
        footer={
          <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        }
      >
        <ReceiptSheet receipt={receipt} customer={order.userName} />
        {isOpen &&
          createPortal(
            <div className={PRINTED_RECEIPT_CLASS} aria-hidden>
              <style>{PRINT_RULES}</style>
              <ReceiptSheet receipt={receipt} customer={order.userName} />
            </div>,
            document.body,
          )}
      </Modal>
    </>
  );
}
