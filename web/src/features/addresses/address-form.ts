import { type Address, type AddressInput, type DeliveryCounty, type DeliveryLocation, type DeliverySubCounty } from '@shop/contracts';
import { formatKenyanMobile, kenyanMobileNumber } from '@shop/contracts/phone';

/** What the address form holds, as typed; the fee is the one the zone table gives the chosen location. */
export interface AddressDraft {
  county: string;
  subCounty: string;
  location: string;
  specificAddress: string;
  phone: string;
  notes: string;
  /** Null until a location is chosen. */
  deliveryFee: number | null;
}

export type PlaceField = 'county' | 'subCounty' | 'location';
export type TextField = 'specificAddress' | 'phone' | 'notes';

export const EMPTY_ADDRESS_DRAFT: AddressDraft = {
  county: '',
  subCounty: '',
  location: '',
  specificAddress: '',
  phone: '',
  notes: '',
  deliveryFee: null,
};

export function subCountiesOf(zones: readonly DeliveryCounty[], county: string): readonly DeliverySubCounty[] {
  return zones.find((candidate) => candidate.name === county)?.subCounties ?? [];
}

export function locationsOf(zones: readonly DeliveryCounty[], county: string, subCounty: string): readonly DeliveryLocation[] {
  return subCountiesOf(zones, county).find((candidate) => candidate.name === subCounty)?.locations ?? [];
}

/**
 * The cascade of the address form: a new county empties the sub-county, the location and the fee; a new
 * sub-county empties the location and the fee; a location sets the fee the zone table gives it.
 */
export function choosePlace(draft: AddressDraft, zones: readonly DeliveryCounty[], field: PlaceField, value: string): AddressDraft {
  if (field === 'county') return { ...draft, county: value, subCounty: '', location: '', deliveryFee: null };
  if (field === 'subCounty') return { ...draft, subCounty: value, location: '', deliveryFee: null };
  const fee = locationsOf(zones, draft.county, draft.subCounty).find((candidate) => candidate.name === value)?.fee;
  return { ...draft, location: value, deliveryFee: fee ?? null };
}

/** Every field but the notes must hold something before the form can be sent. */
export function hasRequiredFields(draft: AddressDraft): boolean {
  return [draft.county, draft.subCounty, draft.location, draft.specificAddress, draft.phone].every((value) => value.trim() !== '');
}

/**
 * Whether a typed phone reads as a Kenyan mobile: only a hint while typing, as the server decides.
 * An empty field is not judged here: the address form requires one, the Profile tab allows none.
 */
export function phoneLooksWrong(typed: string): boolean {
  return typed.trim() !== '' && kenyanMobileNumber(typed) === null;
}

/** The form filled from a saved address, for edit mode; the phone as Kenyans write it, which the server reads back. */
export function draftOf(address: Address): AddressDraft {
  const { county, subCounty, location, specificAddress, phone, notes, deliveryFee } = address;
  return { county, subCounty, location, specificAddress, phone: formatKenyanMobile(phone), notes, deliveryFee };
}

/** What is sent: the server composes the address and prices the place itself, so neither is included. */
export function addressInputOf(draft: AddressDraft): AddressInput {
  return {
    county: draft.county,
    subCounty: draft.subCounty,
    location: draft.location,
    specificAddress: draft.specificAddress.trim(),
    phone: draft.phone.trim(),
    notes: draft.notes.trim(),
  };
}
