import { Form, Input } from 'antd';
import { LIMITS, MESSAGES } from '@shop/contracts';

/** The reference an admin gives of money that moved by hand (a receipt, a transaction number), required, and an optional note. */
export function ReferenceAndNoteFields({ label, extra, requiredMessage }: { label: string; extra?: string; requiredMessage: string }) {
  return (
    <>
      <Form.Item
        name="reference"
        label={label}
        extra={extra}
        rules={[
          { required: true, whitespace: true, message: requiredMessage },
          { max: LIMITS.paymentReferenceMaxLength, message: `At most ${LIMITS.paymentReferenceMaxLength} characters.` },
        ]}
      >
        <Input autoComplete="off" maxLength={LIMITS.paymentReferenceMaxLength} />
      </Form.Item>
      <Form.Item
        name="note"
        label="Note (optional)"
        rules={[{ max: LIMITS.paymentNoteMaxLength, message: MESSAGES.orders.noteTooLong(LIMITS.paymentNoteMaxLength) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={LIMITS.paymentNoteMaxLength} />
      </Form.Item>
    </>
  );
}
