// What the chaos suite prints: a line per finding as each round ends, a table per fault, and the
// final check of every round together with its verdicts.
import { printTable, verdictLine } from '../../scripts/lib/report.mjs';

const RED = '\u001b[1;31m';
const YELLOW = '\u001b[33m';
const RESET = '\u001b[0m';
/** Examples printed of each kind of finding; the counts are always whole. */
const EXAMPLES = 5;

const seconds = (ms) => (ms === undefined ? 'never' : (ms / 1000).toFixed(1));

function printSome(title, lines, colour = RED, count = lines.length) {
  if (lines.length === 0) return;
  console.log(`${colour}  ${title}: ${count}${RESET}`);
  for (const line of lines.slice(0, EXAMPLES)) console.log(`${colour}    ${line}${RESET}`);
  if (lines.length > EXAMPLES) console.log(`${colour}    … and ${lines.length - EXAMPLES} more${RESET}`);
}

function tally(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${count}× ${value}`);
}

/** A round's (or the final check's) findings, a few examples of each. */
export function printFindings(result, settled) {
  if (settled && !settled.settled) {
    const { waiting = [], unanswered = 0, error } = settled.last;
    console.log(
      `${RED}  not settled after ${seconds(settled.ms)} s: ${waiting.length} orders still pending (${waiting.slice(0, 20).join(', ')}), ${unanswered} pushes unanswered at the sandbox${error ? `; last error: ${error}` : ''}${RESET}`,
    );
  }
  if (settled?.receiptsMissing)
    console.log(
      `${YELLOW}  ${settled.receiptsMissing} charged pushes had no receipt recorded ${seconds(settled.receiptGraceMs)} s after the orders settled (counted as lost)${RESET}`,
    );
  printSome('LOST: money the sandbox took that no paid payment records with its receipt', result.lost);
  printSome('  lost, by what the shop holds', tally(result.lostKinds), RED, result.lost.length);
  printSome('DOUBLED', result.doubled);
  printSome(
    result.liveAttemptsKnown ? 'STUCK: pending without a live attempt' : 'STUCK: pending (no mpesa_attempts table: live attempts unknown)',
    result.stuck,
  );
  printSome('pending with a live attempt', result.pendingLive, YELLOW);
  printSome('STOCK does not match the orders', result.stock);
  printSome('TOLD TO RETRY while their push was live', result.toldRetryWhileLive);
  printSome(
    `5xx answers (${result.serverErrorsWhileLive} while the shopper's push was live)`,
    tally(result.serverErrors.map((answer) => `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`)),
    YELLOW,
    result.serverErrors.length,
  );
}

/** One fault's rounds and their total (the seconds columns of the total are the worst round's). */
export function printFaultTable(fault, rows) {
  // Counts, or lists of findings counted by their length.
  const columns = [
    'placed',
    'charged',
    'confirmed',
    'cancelled',
    'unknown',
    'lost',
    'doubled',
    'stuck',
    'toldRetryWhileLive',
    'serverErrors',
    'noAnswer',
  ];
  const count = (row, key) => (Array.isArray(row[key]) ? row[key].length : row[key]);
  const worst = (key) => (rows.some((row) => row[key] === undefined) ? undefined : Math.max(...rows.map((row) => row[key])));
  console.log(`\nkill -9 ${fault}: ${rows.length} rounds`);
  printTable(
    [
      'round',
      'kill at ms',
      'down s',
      'placed',
      'charged',
      'confirmed',
      'cancelled',
      'unknown',
      'lost',
      'doubled',
      'stuck',
      'retry-live',
      '5xx',
      'no answer',
      'recovery s',
      'settle s',
    ],
    [
      ...rows.map((row) => [
        row.round,
        row.killAfterMs,
        seconds(row.downMs),
        ...columns.map((key) => count(row, key)),
        seconds(row.recoveryMs),
        `${seconds(row.settled.ms)}${row.settled.settled ? '' : '!'}`,
      ]),
      [
        'total',
        '',
        '',
        ...columns.map((key) => rows.reduce((total, row) => total + count(row, key), 0)),
        `max ${seconds(worst('recoveryMs'))}`,
        `max ${seconds(Math.max(...rows.map((row) => row.settled.ms)))}`,
      ],
    ],
  );
}

/** The check of every round together after the last one; answers whether the run passed. */
export function printFinalCheck(final, { unrecovered, rounds, faults, roundsPerFault, seconds: runSeconds, seed }) {
  console.log(
    `Final check of all ${rounds} rounds (${roundsPerFault} kill rounds of each of ${faults.join(', ')}; ${runSeconds.toFixed(0)} s in all, setup included; seed ${seed}):`,
  );
  printFindings(final);
  const verdicts = [
    {
      name: 'money lost (charged by the sandbox, not recorded as paid with its receipt)',
      measured: String(final.lost.length),
      target: '0',
      passed: final.lost.length === 0,
    },
    {
      name: 'money doubled (charged twice, or one receipt on two payments)',
      measured: String(final.doubled.length),
      target: '0',
      passed: final.doubled.length === 0,
    },
    {
      name: final.liveAttemptsKnown
        ? 'orders stuck pending without a live attempt'
        : 'orders stuck pending (no mpesa_attempts table: every pending order counts)',
      measured: String(final.stuck.length),
      target: '0',
      passed: final.stuck.length === 0,
    },
    {
      name: 'products whose stock differs from what their orders hold',
      measured: String(final.stock.length),
      target: '0',
      passed: final.stock.length === 0,
    },
    {
      name: 'shoppers told to retry while their push was live',
      measured: String(final.toldRetryWhileLive.length),
      target: '0',
      passed: final.toldRetryWhileLive.length === 0,
    },
  ];
  for (const verdict of verdicts) console.log(verdictLine(verdict));
  console.log(
    `      ${final.placed} orders placed, ${final.charged} charged at the sandbox, ${final.confirmed} confirmed, ${final.cancelled} cancelled, ${final.unknown} handed to a person (unknown); ` +
      `${final.toldRetry} told to retry, ${final.serverErrors.length} other 5xx (${final.serverErrorsWhileLive} of them while a push was live), ${final.noAnswer.length} without an answer (${tally(final.noAnswer.map((answer) => answer.error)).join(', ') || 'none'}); ` +
      `${unrecovered} kills after which the shop did not come back within the recovery timeout.`,
  );
  const passed = verdicts.every((verdict) => verdict.passed);
  console.log(passed ? `\u001b[32mChaos suite passed.${RESET}` : `${RED}Chaos suite FAILED.${RESET}`);
  return passed;
}
