import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One line of a money summary (subtotal, delivery fee, total), read by screen readers as a table row. */
export function AmountRow({ label, amount, strong = false }: { label: string; amount: ReactNode; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap={8} role="row">
      <Typography.Text role="rowheader" strong={strong} type={strong ? undefined : 'secondary'}>
        {label}
      </Typography.Text>
      <Typography.Text role="cell" strong={strong} style={strong ? { fontSize: 18 } : undefined}>
        {amount}
      </Typography.Text>
    </Flex>
  );
}
