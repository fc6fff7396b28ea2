// The benches' printed results: one table, then one loud line per target.

const GREEN = '\u001b[32m';
const RED = '\u001b[1;31m';
const RESET = '\u001b[0m';

/** Prints `rows` (arrays of cells) under `header`, each column as wide as its widest cell. */
export function printTable(header, rows) {
  const widths = header.map((cell, column) => Math.max(String(cell).length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) =>
    cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

/** One target's line: PASS in green, FAIL in bold red so a missed target cannot be overlooked. */
export function verdictLine({ name, measured, target, passed }) {
  return passed
    ? `${GREEN}PASS${RESET}  ${name}: ${measured} (target ${target})`
    : `${RED}FAIL  ${name}: ${measured} (target ${target})${RESET}`;
}

export function printVerdicts(verdicts) {
  for (const verdict of verdicts) console.log(verdictLine(verdict));
  const missed = verdicts.filter((verdict) => !verdict.passed).length;
  console.log(
    missed === 0
      ? `${GREEN}All ${verdicts.length} targets met.${RESET}`
      : `${RED}${missed} of ${verdicts.length} targets MISSED (see docs/benchmarks.md for where the time goes).${RESET}`,
  );
}

export const formatNumber = (value, digits = 1) =>
  value.toLocaleString('en-KE', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const formatRatio = (value) => value.toFixed(3);
