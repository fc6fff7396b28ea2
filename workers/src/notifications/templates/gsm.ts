import { SegmentedMessage } from 'sms-segments-calculator';

/*
 * GSM 03.38 is the 7-bit alphabet every Kenyan phone shows: one character outside it sends the whole
 * SMS as UCS-2, where a part holds 70 characters instead of 160. Which characters are in it, and
 * their sizes, are Twilio's calculator's; only the stand-ins it lacks, and the cutting of a GSM text
 * into parts (held to the calculator's by a test), are kept here.
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

/** GSM 03.38 units of one character as the calculator encodes it: 1, 2 for an extension character, null outside GSM. */
const gsmUnits = new Map<string, number | null>();

function gsmUnitsOf(character: string): number | null {
  let units = gsmUnits.get(character);
  if (units === undefined) {
    const message = messageOf(character);
    units = message.encodingName === 'GSM-7' ? message.encodedChars.reduce((sum, encoded) => sum + encoded.codeUnits.length, 0) : null;
    gsmUnits.set(character, units);
  }
  return units;
}

const SINGLE_PART_UNITS = 160;
/** A joined part gives 7 of its 160 units to the header that joins it. */
const JOINED_PART_UNITS = 153;

/**
 * How many parts a text is sent as: 160 units in one, 153 in each joined part, an extension
 * character ('€', '{') taking two units that are never split between parts. A text in GSM
 * characters (what toGsm gives) is counted from each character's units, which the calculator tells
 * once per character: counting a whole text with it splits the text into graphemes, milliseconds
 * each time, and fitting an SMS counts it many times over. Any other text is the calculator's.
 */
export function smsPartsOf(text: string): number {
  const units: number[] = [];
  for (const character of text) {
    const size = gsmUnitsOf(character);
    if (size === null) return messageOf(text).segmentsCount;
    units.push(size);
  }
  const total = units.reduce((sum, size) => sum + size, 0);
  if (total <= SINGLE_PART_UNITS) return 1;
  let parts = 1;
  let used = 0;
  for (const size of units) {
    if (used + size > JOINED_PART_UNITS) [parts, used] = [parts + 1, 0];
    used += size;
  }
  return parts;
}
