import type { SerializedError } from '@reduxjs/toolkit';
import { Alert, Flex, Form, Modal, theme, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { Order } from '@shop/contracts';
import { messageOfFailure, type ApiFailure } from '../../../app/shop.api';

/** Whether an action's dialog is open, and how it closes: OrderActions keeps which one is. */
export interface OrderActionDialogPlace {
  open: boolean;
  onClose: () => void;
}

/** What each action's dialog is given: the order it acts on, and its place among OrderActions' dialogs. */
export interface OrderActionProps extends OrderActionDialogPlace {
  order: Order;
}

/** The action's request as its mutation hook tells it: on its way, or refused and why. */
interface ActionRequest {
  isLoading: boolean;
  error?: ApiFailure | SerializedError;
  reset: () => void;
}

/** What sending the action answers: the mutation's outcome. */
type SentAction = PromiseLike<{ data: unknown } | { error: unknown }>;

interface OrderActionDialogProps<Fields> extends OrderActionDialogPlace {
  title: string;
  okText: string;
  danger?: boolean;
  request: ActionRequest;
  children: ReactNode;
  /** A dialog that asks for details: its fields are checked, then sent; Enter in a field submits them. */
  form?: { instance: FormInstance<Fields>; onFinish: (fields: Fields) => SentAction };
  /** A dialog that only asks for confirmation. */
  onConfirm?: () => SentAction;
}

/**
 * The confirmation of one of the admin's order actions (Record payment, Refund, Revive). It stays
 * open, its button spinning, until the api answers: the answer closes it, a refusal is shown in it.
 */
export function OrderActionDialog<Fields>({
  open,
  onClose,
  title,
  okText,
  danger = false,
  request,
  children,
  form,
  onConfirm,
}: OrderActionDialogProps<Fields>) {
  const { token } = theme.useToken();
  const error = messageOfFailure(request.error);

  // One request at a time, however often the button is pressed while it is on its way.
  async function send(sent: () => SentAction) {
    if (request.isLoading) return;
    if (!('error' in (await sent()))) onClose();
  }

  function cancel() {
    // A request already sent still lands its answer on the order; a refusal met before is forgotten with the dialog.
    if (!request.isLoading) request.reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Cancel"
      confirmLoading={request.isLoading}
      okButtonProps={{ danger, ...(form ? { htmlType: 'submit' } : {}) }}
      onOk={onConfirm ? () => void send(onConfirm) : undefined}
      onCancel={cancel}
      destroyOnHidden
      modalRender={
        form
          ? (dialog) => (
              <Form form={form.instance} layout="vertical" onFinish={(fields) => void send(() => form.onFinish(fields))} clearOnDestroy>
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
