import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { PlaceOrderInput } from '@shop/contracts';
import { ChosenAddressId } from './chosen-address-id.js';

/**
 * Starting a payment names one of the shopper's addresses; the order is built from their cart. The
 * old client sent the whole order (items, prices, totals, statuses): the server prices everything
 * itself, so those fields are accepted and ignored. A userId must be the caller's (access guard).
 */
export class PlaceOrderInputDto implements PlaceOrderInput {
  @ApiProperty({ minimum: 1 })
  @ChosenAddressId()
  addressId!: number;

  @ApiHideProperty() @Allow() userId?: unknown;
  @ApiHideProperty() @Allow() cartId?: unknown;
  @ApiHideProperty() @Allow() cartItems?: unknown;
  @ApiHideProperty() @Allow() addressInfo?: unknown;
  @ApiHideProperty() @Allow() orderData?: unknown;
  @ApiHideProperty() @Allow() orderStatus?: unknown;
  @ApiHideProperty() @Allow() paymentMethod?: unknown;
  @ApiHideProperty() @Allow() paymentStatus?: unknown;
  @ApiHideProperty() @Allow() subtotalAmount?: unknown;
  @ApiHideProperty() @Allow() deliveryFee?: unknown;
  @ApiHideProperty() @Allow() totalAmount?: unknown;
  @ApiHideProperty() @Allow() orderDate?: unknown;
  @ApiHideProperty() @Allow() orderUpdateDate?: unknown;
  @ApiHideProperty() @Allow() paymentId?: unknown;
  @ApiHideProperty() @Allow() payerId?: unknown;
}
