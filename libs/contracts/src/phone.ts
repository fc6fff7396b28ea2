import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { KENYA_PHONE_METADATA } from './kenya-phone-metadata.js';

/** Digits with the separators people type; anything else (letters above all) is not a phone number. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A Kenyan mobile number as Daraja wants it (2547XXXXXXXX or 2541XXXXXXXX), from any way a shopper
 * writes it: 07…, 01…, +254…, 254…, with or without spaces. Null when it is not a Kenyan mobile number.
 */
export function kenyanMobileNumber(input: string): string | null {
  const typed = input.trim();
  if (!PHONE_CHARACTERS.test(typed)) return null;
  // Kenya's data alone: the web bundle would otherwise carry every country's numbering plan.
  const parsed = parsePhoneNumberFromString(typed, 'KE', KENYA_PHONE_METADATA);
  if (!parsed || parsed.country !== 'KE' || !parsed.isValid()) return null;
  return `${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

/** A stored 2547… number the way Kenyans read it: '0712 345 678'. */
export function formatKenyanMobile(stored: string): string {
  const national = `0${stored.slice(3)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}
