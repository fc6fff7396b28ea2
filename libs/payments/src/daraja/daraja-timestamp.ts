/** Kenya has kept East Africa Time (UTC+3) without daylight saving for decades. */
const NAIROBI_OFFSET_MS = 3 * 3600_000;

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** Daraja's YYYYMMDDHHmmss, read on the clocks of Nairobi whatever the machine's time zone. */
export function darajaTimestamp(at: Date = new Date()): string {
  // Shifted and read as UTC: a time-zone formatter cost about 1 % of the api's CPU on the money path.
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, '');
}

/** The instant a Daraja YYYYMMDDHHmmss (a callback's TransactionDate) names, or null when it names none. */
export function parseDarajaTimestamp(value: string | number): Date | null {
  const text = String(value);
  const parts = TIMESTAMP.exec(text);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+03:00`);
  return Number.isNaN(at.getTime()) || darajaTimestamp(at) !== text ? null : at;
}

/** The STK Password: base64 of shortcode, passkey and the request's Timestamp. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}
