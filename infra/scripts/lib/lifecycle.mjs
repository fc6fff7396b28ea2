// Every process, file and key a bench makes is undone on the way out: at the end, on an error,
// on Ctrl-C, and when one of its processes dies under it.
import { failWith, say } from './bootstrap.mjs';

const undoSteps = [];
let ending = false;

/** Registers one undo step; they run newest first, each once. */
export function onCleanUp(step) {
  undoSteps.push(step);
}

async function cleanUp() {
  while (undoSteps.length > 0) {
    const step = undoSteps.pop();
    try {
      await step();
    } catch (error) {
      say(`cleanup step failed: ${error?.message ?? error}`);
    }
  }
}

/** Stops the bench at once with `error`: for a process that died while it was being measured. */
export function abortBench(error) {
  if (ending) return;
  ending = true;
  cleanUp().finally(() => failWith(error));
}

/**
 * Runs a bench: its exit code is what `main` returns (0 also when a target is missed: a missed
 * target is a finding, not a failure), 1 on an error, 130 on Ctrl-C.
 */
export async function runBench(main) {
  const interrupt = (signal) => {
    if (ending) return;
    ending = true;
    say(`${signal}: stopping everything the bench started...`);
    cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    const exitCode = await main();
    if (ending) return;
    ending = true;
    await cleanUp();
    process.exit(exitCode ?? 0);
  } catch (error) {
    if (ending) return;
    ending = true;
    await cleanUp();
    failWith(error);
  }
}
