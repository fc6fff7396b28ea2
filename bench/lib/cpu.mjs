// CPU time of the processes a bench started, read from Linux's /proc. Throughput on a machine that
// other work shares moves with that work; CPU time per request or per image moves far less, so the
// benches print it beside the ratios as the steadier evidence. Elsewhere than Linux it is left out.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** The pid of this process's child running `script` (as supervise() starts them), if /proc shows one. */
export function childRunning(script) {
  return childrenRunning(script)[0];
}

/** The pids of every child of this process running `script` (several instances of one program). */
export function childrenRunning(script) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const pids = [];
  for (const entry of entries) {
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(script)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/**
 * The machine's busy and total CPU milliseconds so far, all CPUs together (/proc/stat): the share
 * busy between two readings says whether the machine itself was the limit. Undefined off Linux.
 */
export function machineCpuMillis() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (proc(5)); guest time is already in user.
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = ticks[3] + ticks[4];
    return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
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

/**
 * Node's arguments for a process the bench starts: with BENCH_CPU_PROF_DIR set, each writes a V8
 * CPU profile when it exits (open it in Chrome's DevTools or speedscope), in a folder named after
 * the process (`api-a`, `workers`) so that the programs' profiles can be told apart.
 */
export function profiledArgs(script, name) {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', join(resolve(dir), name), script] : [script];
}
