const NAIROBI_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** Daraja's YYYYMMDDHHmmss, read on the clocks of Nairobi whatever the machine's time zone. */
export function darajaTimestamp(at: Date = new Date()): string {
  const part = Object.fromEntries(NAIROBI_CLOCK.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}${part.month}${part.day}${part.hour}${part.minute}${part.second}`;
}

/** The instant a Daraja YYYYMMDDHHmmss (a callback's TransactionDate) names, or null when it names none. */
export function parseDarajaTimestamp(value: string | number): Date | null {
  const text = String(value);
  const parts = TIMESTAMP.exec(text);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts;
  // Kenya has kept East Africa Time (UTC+3) without daylight saving for decades.
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+03:00`);
  return Number.isNaN(at.getTime()) || darajaTimestamp(at) !== text ? null : at;
}

/** The STK Password: base64 of shortcode, passkey and the request's Timestamp. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}
