import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { DELIVERY_ZONES, MESSAGES, SHOPPER_API, type Address, type SessionUser } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { memoryStorage } from '../../testing/memory-storage';
import { authReducer, loggedOut, signedInAs } from '../auth/auth.slice';
import { cartReducer } from '../cart/cart.slice';
import { notificationsReducer } from '../notifications/notifications.slice';
import { addressesSaga } from './addresses.saga';
import {
  addressDeleteRequested,
  addressEditStarted,
  addressesLoaded,
  addressesReducer,
  addressesRequested,
  addressPlaceChosen,
  addressSelected,
  addressSubmitted,
  addressTextChanged,
  deliveryZonesLoaded,
} from './addresses.slice';

const shopper: SessionUser = { id: 42, userName: 'Wanjiru', email: 'wanjiru@example.test', role: 'user' };
const saved = (id: number, location = 'Parklands', deliveryFee = 150): Address => ({
  id,
  county: 'Nairobi',
  subCounty: 'Westlands',
  location,
  specificAddress: `House ${id}`,
  phone: '254712345678',
  notes: '',
  deliveryFee,
  address: `House ${id}, ${location}, Westlands, Nairobi`,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('saving and deleting addresses', () => {
  const real = { get: apiClient.get, post: apiClient.post, put: apiClient.put, delete: apiClient.delete };
  let calls: string[];
  let onServer: Address[];

  beforeEach(() => {
    calls = [];
    onServer = [saved(1), saved(2)];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      return { success: true, data: onServer };
    }) as typeof apiClient.get;
  });

  afterEach(() => Object.assign(apiClient, real));

  async function startAsShopper(storage = memoryStorage(), user = shopper) {
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: { auth: authReducer, cart: cartReducer, addresses: addressesReducer, notifications: notificationsReducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(addressesSaga, storage);
    store.dispatch(signedInAs(user));
    store.dispatch(deliveryZonesLoaded(DELIVERY_ZONES));
    store.dispatch(addressesRequested());
    await settle();
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }) => ({ kind, text }));
    return { store, toasts, stop: () => task.cancel() };
  }

  function fillForm(store: Awaited<ReturnType<typeof startAsShopper>>['store']) {
    store.dispatch(addressPlaceChosen({ field: 'county', value: 'Nairobi' }));
    store.dispatch(addressPlaceChosen({ field: 'subCounty', value: 'Starehe' }));
    store.dispatch(addressPlaceChosen({ field: 'location', value: 'Ngara' }));
    store.dispatch(addressTextChanged({ field: 'specificAddress', value: 'House 3' }));
    store.dispatch(addressTextChanged({ field: 'phone', value: '0712 345 678' }));
  }

  it('adds for the signed-in shopper, says so, empties the form and reads the list again', async () => {
    let sent: unknown;
    apiClient.post = (async (path: string, body: unknown) => {
      calls.push(`POST ${path}`);
      sent = body;
      onServer = [...onServer, saved(3, 'Ngara', 120)];
      return { success: true, data: saved(3, 'Ngara', 120) };
    }) as typeof apiClient.post;
    const { store, toasts, stop } = await startAsShopper();
    fillForm(store);
    store.dispatch(addressSubmitted());
    await settle();
    expect(sent).toMatchObject({ userId: shopper.id, location: 'Ngara', phone: '0712 345 678' });
    expect(calls).toEqual([`GET ${SHOPPER_API.addresses(42)}`, `POST ${SHOPPER_API.addAddress}`, `GET ${SHOPPER_API.addresses(42)}`]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.address.added }]);
    expect(store.getState().addresses).toMatchObject({
      isSaving: false,
      editingId: null,
      draft: { county: '', phone: '', deliveryFee: null },
    });
    expect(store.getState().addresses.items.map((address) => address.id)).toEqual([1, 2, 3]);
    stop();
  });

  it('shows the server’s refusal of a fourth address and resets the form', async () => {
    apiClient.post = (async () => {
      throw new ApiError(MESSAGES.address.maxReached, 'ADDRESS_LIMIT_REACHED');
    }) as typeof apiClient.post;
    const { store, toasts, stop } = await startAsShopper();
    fillForm(store);
    store.dispatch(addressSubmitted());
    await settle();
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.address.maxReached }]);
    expect(store.getState().addresses.draft).toMatchObject({ county: '', specificAddress: '', phone: '' });
    stop();
  });

  it('keeps the form for a correction when the server refuses the phone', async () => {
    apiClient.post = (async () => {
      throw new ApiError(MESSAGES.address.invalidPhone, 'PHONE_INVALID');
    }) as typeof apiClient.post;
    const { store, toasts, stop } = await startAsShopper();
    fillForm(store);
    store.dispatch(addressSubmitted());
    await settle();
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.address.invalidPhone }]);
    expect(store.getState().addresses).toMatchObject({
      isSaving: false,
      draft: { location: 'Ngara', phone: '0712 345 678', deliveryFee: 120 },
    });
    stop();
  });

  it('sends nothing while a required field is empty', async () => {
    const { store, toasts, stop } = await startAsShopper();
    store.dispatch(addressTextChanged({ field: 'specificAddress', value: 'House 3' }));
    store.dispatch(addressSubmitted());
    await settle();
    expect(calls).toEqual([`GET ${SHOPPER_API.addresses(42)}`]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.address.requiredFieldsMissing }]);
    stop();
  });

  it('updates the edited address in its own path and says so', async () => {
    apiClient.put = (async (path: string) => {
      calls.push(`PUT ${path}`);
      onServer = [saved(1, 'Kangemi', 180), saved(2)];
      return { success: true, data: onServer[0] };
    }) as typeof apiClient.put;
    const { store, toasts, stop } = await startAsShopper();
    store.dispatch(addressEditStarted(saved(1)));
    store.dispatch(addressPlaceChosen({ field: 'location', value: 'Kangemi' }));
    expect(store.getState().addresses.draft.deliveryFee).toBe(180);
    store.dispatch(addressSubmitted());
    await settle();
    expect(calls).toContain(`PUT ${SHOPPER_API.updateAddress(42, 1)}`);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.address.updated }]);
    expect(store.getState().addresses.items[0]).toMatchObject({ location: 'Kangemi', deliveryFee: 180 });
    expect(store.getState().addresses.editingId).toBeNull();
    stop();
  });

  it('deletes, forgets the deleted address as the chosen one, and reads the list again', async () => {
    apiClient.delete = (async (path: string) => {
      calls.push(`DELETE ${path}`);
      onServer = [saved(2)];
      return { success: true, data: saved(1) };
    }) as typeof apiClient.delete;
    const { store, toasts, stop } = await startAsShopper();
    store.dispatch(addressSelected(1));
    store.dispatch(addressDeleteRequested(1));
    await settle();
    expect(calls.slice(1)).toEqual([`DELETE ${SHOPPER_API.deleteAddress(42, 1)}`, `GET ${SHOPPER_API.addresses(42)}`]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.address.deleted }]);
    expect(store.getState().addresses).toMatchObject({ selectedAddressId: null, deletingId: null });
    expect(store.getState().addresses.items.map((address) => address.id)).toEqual([2]);
    stop();
  });

  it('forgets the shopper’s addresses on sign-out, and ignores a list that arrives after it', async () => {
    let answerList: (value: unknown) => void = () => undefined;
    const { store, stop } = await startAsShopper();
    apiClient.get = (() => new Promise<unknown>((resolve) => (answerList = resolve))) as typeof apiClient.get;
    store.dispatch(addressesRequested());
    store.dispatch(loggedOut());
    answerList({ success: true, data: [saved(1)] });
    await settle();
    expect(store.getState().addresses.items).toEqual([]);
    expect(store.getState().addresses.zones).toBe(DELIVERY_ZONES);
    stop();
  });

  it('lists nothing and keeps no choice when the list cannot be read', async () => {
    const { store, stop } = await startAsShopper();
    store.dispatch(addressSelected(1));
    apiClient.get = (async () => {
      throw new ApiError(MESSAGES.server.serviceUnavailable, 'SERVICE_UNAVAILABLE');
    }) as typeof apiClient.get;
    store.dispatch(addressesRequested());
    await settle();
    expect(store.getState().addresses).toMatchObject({ items: [], selectedAddressId: null, error: MESSAGES.server.serviceUnavailable });
    stop();
  });

  describe('the address chosen for checkout', () => {
    async function chooseAndLeave(storage: ReturnType<typeof memoryStorage>, addressId: number) {
      const { store, stop } = await startAsShopper(storage);
      store.dispatch(addressSelected(addressId));
      await settle();
      stop();
    }

    it('is chosen again after a reload, while the address exists', async () => {
      const storage = memoryStorage();
      await chooseAndLeave(storage, 2);
      const reloaded = await startAsShopper(storage);
      expect(reloaded.store.getState().addresses.selectedAddressId).toBe(2);
      reloaded.stop();
      onServer = [saved(1)];
      const afterDeletion = await startAsShopper(storage);
      expect(afterDeletion.store.getState().addresses.selectedAddressId).toBeNull();
      afterDeletion.stop();
    });

    it('is nobody else’s, and signing out forgets it', async () => {
      const storage = memoryStorage();
      await chooseAndLeave(storage, 2);
      const someoneElse = await startAsShopper(storage, { ...shopper, id: 43, email: 'amani@example.test' });
      expect(someoneElse.store.getState().addresses.selectedAddressId).toBeNull();
      someoneElse.store.dispatch(loggedOut());
      await settle();
      someoneElse.stop();
      expect(storage.items.size).toBe(0);
      const again = await startAsShopper(storage);
      expect(again.store.getState().addresses.selectedAddressId).toBeNull();
      again.stop();
    });
  });

  it('drops a choice the reloaded list no longer has', () => {
    let state = addressesReducer(undefined, addressesLoaded([saved(1), saved(2)]));
    state = addressesReducer(state, addressSelected(2));
    state = addressesReducer(state, addressesLoaded([saved(1)]));
    expect(state.selectedAddressId).toBeNull();
  });
});
