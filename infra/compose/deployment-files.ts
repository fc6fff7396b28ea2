import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { ENV_EXAMPLE_PLACEHOLDER } from '@shop/config';

/** What the deployment files (.env.example, infra/Dockerfile) say, read as compose and Docker read them. */

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** .env.example's settings, as compose's `env_file` hands them to a container: an empty value stays empty. */
export function readEnvExample(): Record<string, string> {
  return parseEnv(readFileSync(join(repoRoot, '.env.example'), 'utf8')) as Record<string, string>;
}

const PLACEHOLDERS = new RegExp(`${ENV_EXAMPLE_PLACEHOLDER}[\\w-]*`, 'g');

/** .env.example after an operator's first step: a secret of their own wherever it holds a placeholder. */
export function readEnvExampleFilledIn(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(readEnvExample()).map(([key, value]) => [key, value.replace(PLACEHOLDERS, () => randomBytes(24).toString('hex'))]),
  );
}

export interface DockerfileInstruction {
  keyword: string;
  args: string;
}

export interface DockerfileStage {
  /** The image or the earlier stage it starts from. */
  from: string;
  instructions: DockerfileInstruction[];
}

/** infra/Dockerfile's stages by name, each instruction on one line as Docker reads it (continuations joined, comments dropped). */
export function readDockerfileStages(): Map<string, DockerfileStage> {
  const text = readFileSync(join(repoRoot, 'infra/Dockerfile'), 'utf8');
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages = new Map<string, DockerfileStage>();
  let current: DockerfileStage | undefined;
  for (const line of lines) {
    const [, keyword, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (keyword?.toUpperCase() === 'FROM') {
      const [, from, name] = /^(\S+)\s+AS\s+(\S+)$/i.exec(args!) ?? [];
      if (!from || !name) throw new Error(`infra/Dockerfile: every stage is named (FROM image AS name): ${line}`);
      current = { from, instructions: [] };
      stages.set(name, current);
    } else if (current && keyword && args) {
      current.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** A COPY's sources and destination, and the stage it copies from (none: the build context). */
export function copyOf(instruction: DockerfileInstruction): { fromStage?: string; sources: string[]; destination: string } {
  const words = instruction.args.split(/\s+/);
  const fromStage = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((word) => !word.startsWith('--'));
  return { fromStage, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** Where the build stage's WORKDIR is: this checkout's own builds stand in for that stage's. */
const BUILD_WORKDIR = '/shop/';

/**
 * The files of a stage of infra/Dockerfile under `targetDir`, as its WORKDIR, without a container
 * engine: COPY from the build context or from the build stage (this checkout, built), and the `npm ci`
 * of each RUN against the npm cache. Answers the stage's ENV. Other instructions need a container.
 */
export function assembleStage(stageName: string, targetDir: string, stages = readDockerfileStages()): Record<string, string> {
  const stage = stages.get(stageName);
  if (!stage) throw new Error(`infra/Dockerfile has no stage ${stageName}`);
  const env = stages.has(stage.from) ? assembleStage(stage.from, targetDir, stages) : {};
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'COPY') {
      const { fromStage, sources, destination } = copyOf(instruction);
      const intoDirectory = destination.endsWith('/') || sources.length > 1;
      for (const source of sources) {
        const sourcePath = fromStage ? join(repoRoot, source.replace(BUILD_WORKDIR, '')) : join(repoRoot, source);
        cpSync(sourcePath, join(targetDir, intoDirectory ? join(destination, basename(source)) : destination), { recursive: true });
      }
    } else if (instruction.keyword === 'RUN') {
      for (const command of instruction.args.split('&&').map((part) => part.trim())) {
        if (!command.startsWith('npm ci ')) continue;
        // The npm cache of this machine's own install holds every locked package: no registry round trips.
        const install = spawnSync('npm', [...command.split(/\s+/).slice(1), '--prefer-offline'], {
          cwd: targetDir,
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
          encoding: 'utf8',
        });
        if (install.status !== 0) throw new Error(`infra/Dockerfile's \`${command}\` failed:\n${install.stderr}`);
      }
    } else if (instruction.keyword === 'ENV') {
      Object.assign(env, Object.fromEntries(instruction.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])));
    }
  }
  return env;
}
