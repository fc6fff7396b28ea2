import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import { MESSAGES } from '@shop/contracts';
import { RecordId } from '../../common/field-decorators.js';

interface AsTheOldClientSent {
  addressInfo?: { addressId?: unknown };
  orderData?: { addressInfo?: { addressId?: unknown } };
}

/**
 * The address a payment starts with: `addressId`, or where the old client put it, in the order it
 * sent (`addressInfo.addressId` on order/create, whose body was the order; `orderData.addressInfo.
 * addressId` on payment). Nothing else of that order is read: the server prices it from the cart.
 */
export function ChosenAddressId(): PropertyDecorator {
  return applyDecorators(
    // Exposed so that the transform runs when the body has no `addressId` at all.
    Expose(),
    Transform(
      ({ value, obj }: { value: unknown; obj: AsTheOldClientSent }) =>
        value ?? obj.orderData?.addressInfo?.addressId ?? obj.addressInfo?.addressId,
    ),
    RecordId(MESSAGES.checkout.noAddressSelected),
  );
}
