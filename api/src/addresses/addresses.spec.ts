import request from 'supertest';
import { DELIVERY_ZONES, LIMITS, MESSAGES, SHOPPER_API, type Address as AddressView } from '@shop/contracts';
import { Address } from '@shop/db';
import { refusalAnswer, signedInAccount, type SignedInAccount } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

/** A Parklands address as the old form sent it: fields, the caller's id, and a composed address and fee of its own. */
const parklands = {
  county: 'Nairobi',
  subCounty: 'Westlands',
  location: 'Parklands',
  specificAddress: 'Apartment 4B, 3rd Parklands Avenue',
  phone: '0712 345 678',
  notes: 'Call at the gate',
};

const kitengela = {
  county: 'Kajiado',
  subCounty: 'Kajiado East',
  location: 'Kitengela',
  specificAddress: 'Plot 12, Namanga Road',
  phone: '+254 110-345-678',
};

describe('addresses', () => {
  const shop = useTestApi();

  const signedInShopper = () => signedInAccount(shop.server, shop.dataSource);
  const add = (shopper: SignedInAccount, body: object) =>
    request(shop.server)
      .post(SHOPPER_API.addAddress)
      .set('Cookie', shopper.cookie)
      .send({ userId: shopper.id, ...body });
  const update = (shopper: SignedInAccount, addressId: number | string, body: object, pathUserId: number = shopper.id) =>
    request(shop.server).put(SHOPPER_API.updateAddress(pathUserId, addressId)).set('Cookie', shopper.cookie).send(body);
  const remove = (shopper: SignedInAccount, addressId: number | string, pathUserId: number = shopper.id) =>
    request(shop.server).delete(SHOPPER_API.deleteAddress(pathUserId, addressId)).set('Cookie', shopper.cookie);
  const list = async (shopper: SignedInAccount) =>
    (await request(shop.server).get(SHOPPER_API.addresses(shopper.id)).set('Cookie', shopper.cookie).expect(200)).body
      .data as AddressView[];
  const storedOf = (shopper: SignedInAccount) =>
    shop.dataSource.getRepository(Address).find({ where: { userId: shopper.id }, order: { id: 'ASC' } });
  const added = async (shopper: SignedInAccount, body: object = parklands) =>
    (await add(shopper, body).expect(201)).body.data as AddressView;

  it('adds an address priced and composed by the shop.server, ignoring the fee and address the client sent', async () => {
    const shopper = await signedInShopper();
    const answer = await add(shopper, {
      ...parklands,
      specificAddress: '  Apartment 4B, 3rd Parklands Avenue  ',
      notes: '  Call at the gate ',
      deliveryFee: 1,
      address: 'Somewhere else',
    }).expect(201);

    expect(answer.body).toEqual({
      success: true,
      message: MESSAGES.address.added,
      data: {
        id: expect.any(Number),
        county: 'Nairobi',
        subCounty: 'Westlands',
        location: 'Parklands',
        specificAddress: 'Apartment 4B, 3rd Parklands Avenue',
        phone: '254712345678',
        notes: 'Call at the gate',
        deliveryFee: 150,
        address: 'Apartment 4B, 3rd Parklands Avenue, Parklands, Westlands, Nairobi',
      },
    });
    const [stored] = await storedOf(shopper);
    expect(stored).toMatchObject({
      id: answer.body.data.id,
      userId: shopper.id,
      phone: '254712345678',
      deliveryFee: 150,
      notes: 'Call at the gate',
    });
  });

  it('stores no notes as empty notes', async () => {
    const shopper = await signedInShopper();
    expect((await added(shopper, kitengela)).notes).toBe('');
    expect((await added(shopper, { ...kitengela, notes: null })).notes).toBe('');
    expect((await storedOf(shopper)).map((address) => address.notes)).toEqual(['', '']);
  });

  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0110345678', '254110345678'],
    ['+254712345678', '254712345678'],
    ['+254 110-345-678', '254110345678'],
    ['254712345678', '254712345678'],
    ['254110345678', '254110345678'],
  ])('accepts the phone %p and stores it as %p', async (typed, stored) => {
    const shopper = await signedInShopper();
    expect((await added(shopper, { ...parklands, phone: typed })).phone).toBe(stored);
    expect((await storedOf(shopper))[0]!.phone).toBe(stored);
  });

  it('accepts a specific address and notes of exactly the longest length', async () => {
    const shopper = await signedInShopper();
    const address = await added(shopper, {
      ...parklands,
      specificAddress: 'x'.repeat(LIMITS.specificAddressMaxLength),
      notes: 'n'.repeat(LIMITS.addressNotesMaxLength),
    });
    expect(address.specificAddress).toHaveLength(LIMITS.specificAddressMaxLength);
    expect((await storedOf(shopper))[0]!.notes).toHaveLength(LIMITS.addressNotesMaxLength);
  });

  it("lists a shopper's own addresses, oldest first", async () => {
    const shopper = await signedInShopper();
    const other = await signedInShopper();
    const first = await added(shopper, parklands);
    await added(other, parklands);
    const second = await added(shopper, kitengela);
    const third = await added(shopper, { ...parklands, location: 'Kangemi' });

    const listed = await list(shopper);
    expect(listed.map((address) => address.id)).toEqual([first.id, second.id, third.id]);
    expect(listed[1]).toEqual(second);
    expect(listed[2]).toMatchObject({ deliveryFee: 180, address: `${parklands.specificAddress}, Kangemi, Westlands, Nairobi` });
    expect(await list(await signedInShopper())).toEqual([]);
  });

  const tooLong = (field: string, max: number) => MESSAGES.address.fieldTooLong(field, max);
  const without = (field: keyof typeof parklands) => Object.fromEntries(Object.entries(parklands).filter(([key]) => key !== field));
  const refusedInputs: [string, object, string][] = [
    ['no county', without('county'), MESSAGES.address.requiredFieldsMissing],
    ['no sub-county', without('subCounty'), MESSAGES.address.requiredFieldsMissing],
    ['no location', without('location'), MESSAGES.address.requiredFieldsMissing],
    ['no specific address', without('specificAddress'), MESSAGES.address.requiredFieldsMissing],
    ['no phone', without('phone'), MESSAGES.address.requiredFieldsMissing],
    ['a blank county', { ...parklands, county: '   ' }, MESSAGES.address.requiredFieldsMissing],
    ['a blank sub-county', { ...parklands, subCounty: '' }, MESSAGES.address.requiredFieldsMissing],
    ['a blank location', { ...parklands, location: ' ' }, MESSAGES.address.requiredFieldsMissing],
    ['a blank specific address', { ...parklands, specificAddress: '\t ' }, MESSAGES.address.requiredFieldsMissing],
    ['a blank phone', { ...parklands, phone: '  ' }, MESSAGES.address.requiredFieldsMissing],
    ['a county that is a number', { ...parklands, county: 47 }, MESSAGES.address.requiredFieldsMissing],
    ['a location of another sub-county', { ...parklands, location: 'Kilimani' }, MESSAGES.address.unknownPlace],
    ['a sub-county of another county', { ...parklands, subCounty: 'Ruiru', location: 'Membley' }, MESSAGES.address.unknownPlace],
    ['an unknown county', { ...parklands, county: 'Narnia' }, MESSAGES.address.unknownPlace],
    ['a place in another case', { ...parklands, location: 'parklands' }, MESSAGES.address.unknownPlace],
    ['a phone of 9 digits', { ...parklands, phone: '071234567' }, MESSAGES.address.invalidPhone],
    ['a phone with letters', { ...parklands, phone: '07l2345678' }, MESSAGES.address.invalidPhone],
    ['a Tanzanian phone', { ...parklands, phone: '+255712345678' }, MESSAGES.address.invalidPhone],
    ['a Kenyan landline', { ...parklands, phone: '0201234567' }, MESSAGES.address.invalidPhone],
    [
      'a specific address one character too long',
      { ...parklands, specificAddress: 'x'.repeat(LIMITS.specificAddressMaxLength + 1) },
      tooLong('Specific address', LIMITS.specificAddressMaxLength),
    ],
    // Each 'x' + variation selector is two characters to MariaDB, though a naive length counts one.
    [
      'a specific address too long in stored characters',
      { ...parklands, specificAddress: 'x\uFE0F'.repeat(LIMITS.specificAddressMaxLength) },
      tooLong('Specific address', LIMITS.specificAddressMaxLength),
    ],
    [
      'notes one character too long',
      { ...parklands, notes: 'n'.repeat(LIMITS.addressNotesMaxLength + 1) },
      tooLong('Notes', LIMITS.addressNotesMaxLength),
    ],
    ['notes that are not text', { ...parklands, notes: ['gate'] }, MESSAGES.server.validationFailed],
  ];

  describe('refuses to add, writing nothing', () => {
    let shopper: SignedInAccount;
    beforeAll(async () => {
      shopper = await signedInShopper();
    });

    it.each(refusedInputs)('%s', async (_rule, body, message) => {
      expect((await add(shopper, body).expect(400)).body).toMatchObject({
        success: false,
        code: expect.stringMatching(/^(VALIDATION_FAILED|PHONE_INVALID|PLACE_UNKNOWN)$/),
        message,
      });
      expect(await storedOf(shopper)).toEqual([]);
    });
  });

  it('refuses a fourth address, writing nothing', async () => {
    const shopper = await signedInShopper();
    for (let count = 0; count < LIMITS.maxAddressesPerUser; count += 1) await added(shopper);
    const refused = await add(shopper, kitengela).expect(409);
    expect(refused.body).toEqual(
      refusalAnswer('ADDRESS_LIMIT_REACHED', MESSAGES.address.maxReached, { maximum: LIMITS.maxAddressesPerUser }),
    );
    expect(await storedOf(shopper)).toHaveLength(LIMITS.maxAddressesPerUser);
    expect((await storedOf(shopper)).some((address) => address.county === kitengela.county)).toBe(false);
  });

  it('lets only one of two concurrent adds be the third', async () => {
    // Several shoppers race at once, so a missing lock shows up in one run rather than one run in ten.
    const shoppers = await Promise.all(Array.from({ length: 5 }, signedInShopper));
    for (const shopper of shoppers) {
      await added(shopper);
      await added(shopper);
    }
    const answers = await Promise.all(
      shoppers.map((shopper) => Promise.all([add(shopper, kitengela), add(shopper, { ...kitengela, location: 'Isinya' })])),
    );
    for (const [index, pair] of answers.entries()) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await storedOf(shoppers[index]!)).toHaveLength(3);
    }
  });

  it('keeps exactly three of five concurrent adds', async () => {
    const shopper = await signedInShopper();
    const locations = ['Parklands', 'Westlands', 'Mountain View', 'Kangemi', 'Kitisuru'];
    const answers = await Promise.all(locations.map((location) => add(shopper, { ...parklands, location })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message)).toEqual([
      MESSAGES.address.maxReached,
      MESSAGES.address.maxReached,
    ]);
    const stored = await storedOf(shopper);
    expect(stored).toHaveLength(3);
    expect(stored.map((address) => address.id).sort()).toEqual(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer) => (answer.body.data as AddressView).id)
        .sort(),
    );
  });

  describe('update', () => {
    it('re-prices and re-composes the address, ignoring the fee and address the client sent', async () => {
      const shopper = await signedInShopper();
      const original = await added(shopper);
      const answer = await update(shopper, original.id, {
        ...kitengela,
        userId: shopper.id,
        notes: ' Blue gate ',
        deliveryFee: 0,
        address: 'Elsewhere',
      }).expect(200);

      const expected = {
        id: original.id,
        county: 'Kajiado',
        subCounty: 'Kajiado East',
        location: 'Kitengela',
        specificAddress: 'Plot 12, Namanga Road',
        phone: '254110345678',
        notes: 'Blue gate',
        deliveryFee: 260,
        address: 'Plot 12, Namanga Road, Kitengela, Kajiado East, Kajiado',
      };
      expect(answer.body).toEqual({ success: true, message: MESSAGES.address.updated, data: expected });
      expect(await list(shopper)).toEqual([expected]);
    });

    it('clears the notes when none are sent', async () => {
      const shopper = await signedInShopper();
      const original = await added(shopper);
      expect((await update(shopper, original.id, kitengela).expect(200)).body.data.notes).toBe('');
      expect((await storedOf(shopper))[0]!.notes).toBe('');
    });

    describe('refuses, changing nothing', () => {
      let shopper: SignedInAccount;
      let original: AddressView;
      beforeAll(async () => {
        shopper = await signedInShopper();
        original = await added(shopper);
      });

      it.each(refusedInputs)('%s', async (_rule, body, message) => {
        expect((await update(shopper, original.id, body).expect(400)).body.message).toBe(message);
        expect(await list(shopper)).toEqual([original]);
      });

      it('an id that is not decimal digits naming a number from 1 that an id column holds', async () => {
        for (const id of ['abc', '1.5', 0, -1, '0x10', '1e3', '%2B5', '%207', '7.0', 4_294_967_296, Number.MAX_SAFE_INTEGER]) {
          expect((await update(shopper, id, kitengela).expect(400)).body.message).toBe(MESSAGES.address.notFound);
        }
        expect(await list(shopper)).toEqual([original]);
      });

      it('a missing address', async () => {
        for (const id of [999_999_999, LIMITS.idMax]) {
          expect((await update(shopper, id, kitengela).expect(404)).body).toEqual(
            refusalAnswer('ADDRESS_NOT_FOUND', MESSAGES.address.notFound),
          );
        }
        expect(await list(shopper)).toEqual([original]);
      });

      it("another shopper's address, as if it did not exist", async () => {
        const other = await signedInShopper();
        const theirs = await added(other, kitengela);
        expect((await update(shopper, theirs.id, parklands).expect(404)).body.message).toBe(MESSAGES.address.notFound);
        expect(await list(other)).toEqual([theirs]);
      });
    });
  });

  describe('delete', () => {
    it('answers with the deleted address and leaves the others', async () => {
      const shopper = await signedInShopper();
      const kept = await added(shopper, parklands);
      const doomed = await added(shopper, kitengela);
      const answer = await remove(shopper, doomed.id).expect(200);
      expect(answer.body).toEqual({ success: true, message: MESSAGES.address.deleted, data: doomed });
      expect(await list(shopper)).toEqual([kept]);
      expect((await remove(shopper, doomed.id).expect(404)).body.message).toBe(MESSAGES.address.notFound);
    });

    it('frees a place under the limit', async () => {
      const shopper = await signedInShopper();
      const first = await added(shopper);
      await added(shopper);
      await added(shopper);
      await add(shopper, kitengela).expect(409);
      await remove(shopper, first.id).expect(200);
      await add(shopper, kitengela).expect(201);
      expect(await storedOf(shopper)).toHaveLength(3);
    });

    it("refuses another shopper's address, a missing one and a bad id, deleting nothing", async () => {
      const shopper = await signedInShopper();
      const mine = await added(shopper);
      const other = await signedInShopper();
      const theirs = await added(other, kitengela);
      expect((await remove(shopper, theirs.id).expect(404)).body).toEqual(refusalAnswer('ADDRESS_NOT_FOUND', MESSAGES.address.notFound));
      await remove(shopper, 999_999_999).expect(404);
      await remove(shopper, 'abc').expect(400);
      expect(await list(other)).toEqual([theirs]);
      expect(await list(shopper)).toEqual([mine]);
    });
  });

  describe('refuses every route naming another shopper (403), changing nothing', () => {
    let shopper: SignedInAccount;
    let other: SignedInAccount;
    let theirs: AddressView;
    let mine: AddressView;
    beforeAll(async () => {
      shopper = await signedInShopper();
      other = await signedInShopper();
      theirs = await added(other, kitengela);
      mine = await added(shopper);
    });
    afterEach(async () => {
      expect(await list(other)).toEqual([theirs]);
      expect(await list(shopper)).toEqual([mine]);
    });
    const notYours = refusalAnswer('FORBIDDEN', MESSAGES.auth.notYourAccount);

    it('add for another shopper', async () => {
      expect((await add(shopper, { ...parklands, userId: other.id }).expect(403)).body).toEqual(notYours);
    });

    it("list another shopper's addresses", async () => {
      expect((await request(shop.server).get(SHOPPER_API.addresses(other.id)).set('Cookie', shopper.cookie).expect(403)).body).toEqual(
        notYours,
      );
    });

    it("update through another shopper's path, or with their id in the body", async () => {
      expect((await update(shopper, theirs.id, parklands, other.id).expect(403)).body).toEqual(notYours);
      expect((await update(shopper, mine.id, { ...parklands, location: 'Kangemi' }, other.id).expect(403)).body).toEqual(notYours);
      expect((await update(shopper, mine.id, { ...parklands, location: 'Kangemi', userId: other.id }).expect(403)).body).toEqual(notYours);
    });

    it("delete through another shopper's path", async () => {
      expect((await remove(shopper, theirs.id, other.id).expect(403)).body).toEqual(notYours);
      expect((await remove(shopper, mine.id, other.id).expect(403)).body).toEqual(notYours);
    });

    it('any route for a guest (401)', async () => {
      await request(shop.server)
        .post(SHOPPER_API.addAddress)
        .send({ ...parklands, userId: shopper.id })
        .expect(401);
      await request(shop.server).get(SHOPPER_API.addresses(shopper.id)).expect(401);
      await request(shop.server).put(SHOPPER_API.updateAddress(shopper.id, mine.id)).send(kitengela).expect(401);
      await request(shop.server).delete(SHOPPER_API.deleteAddress(shopper.id, mine.id)).expect(401);
    });
  });

  it('serves the zone table to anyone, cacheable for an hour', async () => {
    const answer = await request(shop.server).get(SHOPPER_API.deliveryZones).expect(200);
    expect(answer.body).toEqual({ success: true, data: DELIVERY_ZONES });
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const counties = (answer.body.data as typeof DELIVERY_ZONES).map((county) => county.name);
    expect(counties).toEqual(['Nairobi', 'Kiambu', 'Kajiado', 'Machakos', 'Mombasa', 'Kisumu']);
    expect(answer.body.data[0].subCounties[0].locations[0]).toEqual({ name: 'Nairobi Central', fee: 100 });
  });
});
