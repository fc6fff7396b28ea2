// CPU time of the processes a bench started, read from Linux's /proc. Throughput on a machine that
// other work shares moves with that work; CPU time per request or per image moves far less, so the
// benches print it beside the ratios as the steadier evidence. Elsewhere than Linux it is left out.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** The pid of this process's child running `script` (as supervise() starts them), if /proc shows one. */
export function childRunning(script) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(script)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return undefined;
}

/** User plus system CPU milliseconds `pid` has used so far, or undefined where /proc cannot say. */
export function cpuMillisOf(pid) {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After the command name: state is field 3, utime field 14, stime field 15 (proc(5)).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
