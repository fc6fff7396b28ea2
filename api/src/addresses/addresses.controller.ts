import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { MESSAGES, type Address, type ApiSuccess, type SessionUser } from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { idPipe } from '../common/id-pipe.js';
import { orRefuse } from '../common/refusals.js';
import { AddressesService } from './addresses.service.js';
import { AddressInputDto } from './dto/address-input.dto.js';

const AddressIdPipe = idPipe(MESSAGES.address.notFound);

/**
 * Addresses. The userId in a path or body is only checked to be the caller's (the access
 * guard does it); the services act for the session's user.
 */
@Controller('shop/address')
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Post('add')
  async add(@CurrentUser() owner: SessionUser, @Body() input: AddressInputDto): Promise<ApiSuccess<Address>> {
    return { success: true, message: MESSAGES.address.added, data: orRefuse(await this.addresses.add(owner, input)) };
  }

  @Get('get/:userId')
  async list(@CurrentUser() owner: SessionUser): Promise<ApiSuccess<Address[]>> {
    return { success: true, data: await this.addresses.of(owner) };
  }

  @Put('update/:userId/:addressId')
  async update(
    @CurrentUser() owner: SessionUser,
    @Param('addressId', AddressIdPipe) addressId: number,
    @Body() input: AddressInputDto,
  ): Promise<ApiSuccess<Address>> {
    return { success: true, message: MESSAGES.address.updated, data: orRefuse(await this.addresses.update(owner, addressId, input)) };
  }

  @Delete('delete/:userId/:addressId')
  async remove(@CurrentUser() owner: SessionUser, @Param('addressId', AddressIdPipe) addressId: number): Promise<ApiSuccess<Address>> {
    return { success: true, message: MESSAGES.address.deleted, data: orRefuse(await this.addresses.remove(owner, addressId)) };
  }
}
