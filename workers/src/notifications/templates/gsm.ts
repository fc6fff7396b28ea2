import { SegmentedMessage } from 'sms-segments-calculator';

/*
 * GSM 03.38 is the 7-bit alphabet every Kenyan phone shows: one character outside it sends the whole
 * SMS as UCS-2, where a part holds 70 characters instead of 160. Which characters are in it, and how
 * parts are cut, is Twilio's calculator's; only the stand-ins it lacks are kept here.
 */

/**
 * Stand-ins for characters shops and phones' keyboards put in names that the calculator's smart
 * encoding leaves as they are (it already turns curly quotes, en and em dashes, '…' and '•' into GSM).
 */
const GSM_STAND_INS: Record<string, string> = {
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
  '·': '-',
  '×': 'x',
};

/**
 * Read as Africa's Talking sends it: without smart encoding, which is Twilio's own, so a curly quote
 * here still means UCS-2.
 */
function messageOf(text: string): SegmentedMessage {
  return new SegmentedMessage(text, 'auto', false);
}

export function isGsm(text: string): boolean {
  return messageOf(text).getNonGsmCharacters().length === 0;
}

/**
 * Judged one character at a time and remembered: the calculator splits a text into graphemes, which
 * is slow, and fitting an SMS converts its texts many times over.
 */
const gsmCharacters = new Map<string, string>();

function gsmCharacterOf(character: string): string {
  const known = gsmCharacters.get(character);
  if (known !== undefined) return known;
  // Smart encoding swaps in the calculator's stand-ins before the character is judged.
  const smart = new SegmentedMessage(character, 'auto', true);
  const gsm = smart.getNonGsmCharacters().length === 0 ? smart.graphemes.join('') : ownStandInOf(character);
  gsmCharacters.set(character, gsm);
  return gsm;
}

function ownStandInOf(character: string): string {
  if (character in GSM_STAND_INS) return GSM_STAND_INS[character];
  // A letter GSM lacks ('ô', 'ç', 'ā') keeps its base letter; emoji and other scripts have none and go.
  const base = character.normalize('NFD')[0];
  return isGsm(base) ? base : '';
}

/** The text in GSM characters on one line: an SMS is read as one, and a dropped emoji must not leave a double space. */
export function toGsm(text: string): string {
  return [...text.replace(/\s+/g, ' ')].map(gsmCharacterOf).join('').replace(/ {2,}/g, ' ').trim();
}

/**
 * How many parts a text is sent as: 160 units in one, 153 in each joined part, an extension
 * character ('€', '{') taking two units that are never split between parts.
 */
export function smsPartsOf(text: string): number {
  return messageOf(text).segmentsCount;
}
