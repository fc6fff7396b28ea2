import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { waitFor } from '@shop/testing';

/** A process of an image assembled by assembleStage, with everything it printed. */
export interface ImageProcess {
  child: ChildProcess;
  /** Its exit code; null when a signal ended it. */
  exited: Promise<number | null>;
  output(): string;
}

/** `node <args>` in `imageDir` on `env` alone, as its container runs it: nothing of the test's own environment leaks in. */
export function startInImage(imageDir: string, args: string[], env: Record<string, string>): ImageProcess {
  const child = spawn(process.execPath, args, {
    cwd: imageDir,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

/** Waits for `url` to answer 200, as a container's health check would; fails at once, with its output, if the process ends first. */
export async function waitUntilAnswers(imageProcess: ImageProcess, url: string): Promise<void> {
  await waitFor(
    `${url} to answer 200`,
    async () => {
      if (imageProcess.child.exitCode !== null)
        throw new Error(`exited ${imageProcess.child.exitCode} before ${url} answered:\n${imageProcess.output()}`);
      return (await fetch(url).catch(() => undefined))?.status === 200;
    },
    60_000,
  );
}
