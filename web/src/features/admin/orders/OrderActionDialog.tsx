import { Alert, Flex, Form, Modal, theme, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { orderActionClosed, type AdminOrderActionKind } from './adminOrders.slice';

interface OrderActionDialogProps<Fields> {
  kind: AdminOrderActionKind;
  title: string;
  okText: string;
  danger?: boolean;
  children: ReactNode;
  /** A dialog that asks for details: its fields are checked, then handed on; Enter in a field submits them. */
  form?: { instance: FormInstance<Fields>; onFinish: (fields: Fields) => void };
  /** A dialog that only asks for confirmation. */
  onConfirm?: () => void;
}

/**
 * The confirmation of one of the admin's order actions (Record payment, Refund, Revive). It stays
 * open, its button spinning, until the api answers: the answer closes it, a refusal is shown in it.
 */
export function OrderActionDialog<Fields>({
  kind,
  title,
  okText,
  danger = false,
  children,
  form,
  onConfirm,
}: OrderActionDialogProps<Fields>) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { open, isSaving, error } = useAppSelector((state) => state.adminOrders.orderAction);
  return (
    <Modal
      open={open === kind}
      title={title}
      okText={okText}
      cancelText="Cancel"
      confirmLoading={isSaving}
      okButtonProps={{ danger, ...(form ? { htmlType: 'submit' } : {}) }}
      onOk={form ? undefined : onConfirm}
      onCancel={() => dispatch(orderActionClosed())}
      destroyOnHidden
      modalRender={
        form
          ? (dialog) => (
              <Form form={form.instance} layout="vertical" onFinish={form.onFinish} clearOnDestroy>
                {dialog}
              </Form>
            )
          : undefined
      }
    >
      <Flex vertical gap={token.marginSM}>
        {error && <Alert type="error" showIcon title={error} />}
        {children}
      </Flex>
    </Modal>
  );
}
