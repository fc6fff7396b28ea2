import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { composeAddress, deliveryFeeOf, LIMITS, MESSAGES, type Address as AddressView, type SessionUser } from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';
import { Address, inTransaction, Refusal } from '@shop/db';
import type { AddressInputDto } from './dto/address-input.dto.js';

/** An address as the shopper sees it (and as an order keeps it), with the one-line form composed. */
export function addressView(address: Address): AddressView {
  return {
    id: address.id,
    county: address.county,
    subCounty: address.subCounty,
    location: address.location,
    specificAddress: address.specificAddress,
    phone: address.phone,
    notes: address.notes,
    deliveryFee: address.deliveryFee,
    address: composeAddress(address),
  };
}

type AddressFields = Pick<Address, 'county' | 'subCounty' | 'location' | 'specificAddress' | 'phone' | 'notes' | 'deliveryFee'>;

/** The columns an input becomes: the fee from the zone table, the phone as Daraja wants it. */
function addressFieldsOf(input: AddressInputDto): AddressFields | Refusal {
  const place = { county: input.county, subCounty: input.subCounty, location: input.location };
  const deliveryFee = deliveryFeeOf(place);
  if (deliveryFee === undefined) return new Refusal('PLACE_UNKNOWN', MESSAGES.address.unknownPlace);
  const phone = kenyanMobileNumber(input.phone);
  if (phone === null) return new Refusal('PHONE_INVALID', MESSAGES.address.invalidPhone);
  return { ...place, specificAddress: input.specificAddress, phone, notes: input.notes ?? '', deliveryFee };
}

// Another shopper's address answers exactly as a missing one, so ids reveal nothing.
const addressNotFound = () => new Refusal('ADDRESS_NOT_FOUND', MESSAGES.address.notFound);

/** A shopper's own address, locked for the rest of the transaction; null when it is not theirs. */
function lockedAddressOf(manager: EntityManager, owner: SessionUser, addressId: number): Promise<Address | null> {
  return manager.findOne(Address, { where: { id: addressId, userId: owner.id }, lock: { mode: 'pessimistic_write' } });
}

@Injectable()
export class AddressesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(owner: SessionUser): Promise<AddressView[]> {
    const addresses = await this.dataSource
      .getRepository(Address)
      .find({ where: { userId: owner.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return addresses.map(addressView);
  }

  /**
   * Adds within the per-shopper limit. The limit is a property of the account, not of the request,
   * so going past it answers 409 Conflict. Adds of one shopper queue on their user row, and READ
   * COMMITTED lets each count see the rows the adds before it committed: two at once cannot both
   * pass as the third.
   */
  add(owner: SessionUser, input: AddressInputDto): Promise<AddressView | Refusal> {
    const fields = addressFieldsOf(input);
    if (fields instanceof Refusal) return Promise.resolve(fields);
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const users = (await manager.query('SELECT `id` FROM `users` WHERE `id` = ? FOR UPDATE', [owner.id])) as unknown[];
        if (users.length === 0) return new Refusal('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated);
        if ((await manager.countBy(Address, { userId: owner.id })) >= LIMITS.maxAddressesPerUser)
          return new Refusal('ADDRESS_LIMIT_REACHED', MESSAGES.address.maxReached, { maximum: LIMITS.maxAddressesPerUser });
        return addressView(await manager.save(manager.create(Address, { ...fields, userId: owner.id })));
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  update(owner: SessionUser, addressId: number, input: AddressInputDto): Promise<AddressView | Refusal> {
    const fields = addressFieldsOf(input);
    if (fields instanceof Refusal) return Promise.resolve(fields);
    return inTransaction(this.dataSource, async (manager) => {
      const address = await lockedAddressOf(manager, owner, addressId);
      if (!address) return addressNotFound();
      return addressView(await manager.save(Object.assign(address, fields)));
    });
  }

  /** Orders keep a copy of their address, so deleting one leaves order history intact. */
  remove(owner: SessionUser, addressId: number): Promise<AddressView | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const address = await lockedAddressOf(manager, owner, addressId);
      if (!address) return addressNotFound();
      await manager.delete(Address, { id: address.id });
      return addressView(address);
    });
  }
}
