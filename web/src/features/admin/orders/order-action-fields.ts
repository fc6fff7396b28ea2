/** An admin's optional note, trimmed, and left out when empty: the api stores no blank notes. */
export function withNote<Input extends object>(input: Input, note: string | undefined): Input & { note?: string } {
  const trimmed = note?.trim();
  return trimmed ? { ...input, note: trimmed } : input;
}
