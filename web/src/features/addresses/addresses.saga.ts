import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { MESSAGES, SHOPPER_API, type Address, type ApiSuccess, type DeliveryCounty, type SessionUser } from '@shop/contracts';
import type { RootState } from '../../app/store';
import { apiClient, isRefusedWith, messageOfError } from '../../lib/api-client';
import { followEachSession, isShopper } from '../auth/shopper-session';
import { checkoutSaga } from '../checkout/checkout.saga';
import { toastRequested } from '../notifications/notifications.slice';
import { addressInputOf, hasRequiredFields } from './address-form';
import {
  addressDeleted,
  addressDeleteFailed,
  addressDeleteRequested,
  addressesCleared,
  addressesFailed,
  addressesLoaded,
  addressesRequested,
  addressRefused,
  addressSaved,
  addressSelected,
  addressSubmitted,
  deliveryZonesFailed,
  deliveryZonesLoaded,
  deliveryZonesRequested,
  type AddressesState,
} from './addresses.slice';
import { chosenAddressOf, forgetChosenAddress, rememberChosenAddress, type ChosenAddressStorage } from './chosen-address';

const isNotFound = (error: unknown) => isRefusedWith(error, ['ADDRESS_NOT_FOUND', 'NOT_FOUND']);

const selectChosenAddressId = (state: RootState): number | null => state.addresses.selectedAddressId;

function* loadAddresses(userId: number, storage: ChosenAddressStorage): SagaIterator {
  let addresses: Address[];
  try {
    const answer: ApiSuccess<Address[]> = yield call(apiClient.get<ApiSuccess<Address[]>>, SHOPPER_API.addresses(userId));
    addresses = answer.data;
  } catch (error) {
    yield put(addressesFailed(messageOfError(error)));
    return;
  }
  yield put(addressesLoaded(addresses));
  // After a reload the checkout delivers where the shopper had chosen, while that address still exists.
  const remembered: number | null = yield call(chosenAddressOf, storage, userId);
  const chosen: number | null = yield select(selectChosenAddressId);
  if (chosen === null && remembered !== null && addresses.some((address) => address.id === remembered))
    yield put(addressSelected(remembered));
}

function* rememberChoice(userId: number, storage: ChosenAddressStorage, action: ReturnType<typeof addressSelected>): SagaIterator {
  yield call(rememberChosenAddress, storage, userId, action.payload);
}

function* loadDeliveryZones(): SagaIterator {
  try {
    const answer: ApiSuccess<readonly DeliveryCounty[]> = yield call(
      apiClient.get<ApiSuccess<readonly DeliveryCounty[]>>,
      SHOPPER_API.deliveryZones,
    );
    yield put(deliveryZonesLoaded(answer.data));
  } catch (error) {
    yield put(deliveryZonesFailed(messageOfError(error)));
  }
}

const selectAddressForm = (state: RootState): Pick<AddressesState, 'draft' | 'editingId'> => state.addresses;

function* saveAddress(userId: number): SagaIterator {
  const { draft, editingId }: Pick<AddressesState, 'draft' | 'editingId'> = yield select(selectAddressForm);
  if (!hasRequiredFields(draft)) {
    yield put(addressRefused({ resetForm: false }));
    yield put(toastRequested('error', MESSAGES.address.requiredFieldsMissing));
    return;
  }
  const input = addressInputOf(draft);
  try {
    if (editingId === null) {
      yield call(apiClient.post<ApiSuccess<Address>>, SHOPPER_API.addAddress, { ...input, userId });
    } else {
      yield call(apiClient.put<ApiSuccess<Address>>, SHOPPER_API.updateAddress(userId, editingId), input);
    }
  } catch (error) {
    const message = messageOfError(error);
    yield put(addressRefused({ resetForm: isRefusedWith(error, ['ADDRESS_LIMIT_REACHED']) }));
    yield put(toastRequested('error', message));
    // The edited address was deleted meanwhile (another tab): the list shows what is really there.
    if (isNotFound(error)) yield put(addressesRequested());
    return;
  }
  yield put(addressSaved());
  yield put(toastRequested('success', editingId === null ? MESSAGES.address.added : MESSAGES.address.updated));
  yield put(addressesRequested());
}

function* deleteAddress(userId: number, action: ReturnType<typeof addressDeleteRequested>): SagaIterator {
  const addressId = action.payload;
  try {
    yield call(apiClient.delete<ApiSuccess<Address>>, SHOPPER_API.deleteAddress(userId, addressId));
  } catch (error) {
    yield put(addressDeleteFailed());
    yield put(toastRequested('error', messageOfError(error)));
    if (isNotFound(error)) yield put(addressesRequested());
    return;
  }
  yield put(addressDeleted(addressId));
  yield put(toastRequested('success', MESSAGES.address.deleted));
  yield put(addressesRequested());
}

function* watchShopperAddresses(userId: number, storage: ChosenAddressStorage): SagaIterator {
  yield all([
    takeLatest(addressesRequested.type, loadAddresses, userId, storage),
    takeEvery(addressSelected.type, rememberChoice, userId, storage),
    takeLeading(addressSubmitted.type, saveAddress, userId),
    takeEvery(addressDeleteRequested.type, deleteAddress, userId),
  ]);
}

/** Each change of user cancels the last one's address work, so that a late answer never lands in the next user's list. */
function* followSession(storage: ChosenAddressStorage, user: SessionUser | null): SagaIterator {
  yield put(addressesCleared());
  if (isShopper(user)) yield fork(watchShopperAddresses, user.id, storage);
  else yield call(forgetChosenAddress, storage);
}

export function* addressesSaga(storage: ChosenAddressStorage = sessionStorage): SagaIterator {
  yield all([
    followEachSession(followSession, storage),
    takeLeading(deliveryZonesRequested.type, loadDeliveryZones),
    // The checkout's saga rides along here so that the checkout needs no registration of its own in the root saga.
    fork(checkoutSaga),
  ]);
}
