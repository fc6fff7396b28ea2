import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { ConfigError, configSchema, loadConfig } from '@shop/config';
import { copyOf, readDockerfileStages, readEnvExample, readEnvExampleFilledIn, repoRoot } from './deployment-files.js';

interface ComposeService {
  profiles?: string[];
  build?: { target?: string };
  command?: string[];
  environment?: Record<string, string | null>;
  ports?: { published: string | number; target: string | number }[];
  expose?: (string | number)[];
  networks?: Record<string, { aliases?: string[] } | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
}

interface ComposeRun {
  status: number | null;
  output: string;
  services: Record<string, ComposeService>;
}

const ENV_EXAMPLE = join(repoRoot, '.env.example');
/** Names where the production services' settings are; the settings file itself cannot say it. */
const SETTINGS_FILE_VARIABLE = 'SHOP_ENV_FILE';

/** `docker compose` where Docker's plugin is installed; otherwise Debian's docker-compose (1.29, which knows profiles). */
async function composeProgram(): Promise<string[]> {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  const bootstrap = (await import(pathToFileURL(join(repoRoot, 'infra/scripts/lib/bootstrap.mjs')).href)) as {
    ensureDebianPackage(programPath: string, debianPackage: string, purpose: string): string;
  };
  return [bootstrap.ensureDebianPackage('/usr/bin/docker-compose', 'docker-compose', 'checking docker-compose.yml')];
}

/**
 * `compose --profile <profile> config` with .env.example standing in for .env, and the services that
 * profile runs: Docker's compose leaves the others out, Debian's 1.29 prints them all.
 */
function composeConfig(program: string[], profile: string, settingsFile = ENV_EXAMPLE): ComposeRun {
  const [command, ...args] = program;
  const result = spawnSync(command!, [...args, '--env-file', ENV_EXAMPLE, '--profile', profile, 'config'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, [SETTINGS_FILE_VARIABLE]: settingsFile },
    encoding: 'utf8',
  });
  const all: Record<string, ComposeService> = result.status === 0 ? parse(result.stdout).services : {};
  const services = Object.fromEntries(Object.entries(all).filter(([, service]) => !service.profiles || service.profiles.includes(profile)));
  return { status: result.status, output: `${result.stdout}${result.stderr}`, services };
}

/** The port a URL's requests go to, said or not. */
const portOf = (url: URL) => url.port || { 'http:': '80', 'https:': '443' }[url.protocol];

const runs = (service: ComposeService, script: string) => service.command?.some((word) => word.includes(script)) ?? false;

/** The one service of `services` that matches, and its name. */
function onlyOne(services: Record<string, ComposeService>, matches: (service: ComposeService) => boolean): [string, ComposeService] {
  const found = Object.entries(services).filter(([, service]) => matches(service));
  expect(found.map(([name]) => name)).toHaveLength(1);
  return found[0]!;
}

/** The shop's parts in a profile's services: each is there exactly once. */
function partsOf(services: Record<string, ComposeService>) {
  return {
    oneShot: onlyOne(services, (service) => runs(service, 'infra/scripts/migrate.mjs')),
    api: onlyOne(services, (service) => runs(service, 'api/dist/main.js')),
    workers: onlyOne(services, (service) => runs(service, 'workers/dist/main.js')),
    edge: onlyOne(services, (service) => service.build?.target === 'web'),
  };
}

describe('docker-compose.yml', () => {
  let program: string[];
  beforeAll(async () => {
    program = await composeProgram();
  }, 300_000);

  describe.each(['demo', 'production'])('the %s profile', (profile) => {
    let run: ComposeRun;
    beforeAll(() => {
      run = composeConfig(program, profile);
    });

    it('passes `docker compose config` with .env.example for .env', () => {
      expect({ status: run.status, output: run.status === 0 ? '' : run.output }).toEqual({ status: 0, output: '' });
    });

    it('runs the shop once over (one-shot, api, workers, nginx) and nothing it needs is left out by the profile', () => {
      partsOf(run.services);
      const dependencies = Object.entries(run.services).flatMap(([name, service]) =>
        Object.keys(service.depends_on ?? {}).map((dependency) => `${name} → ${dependency}`),
      );
      expect(dependencies.filter((pair) => !(pair.split(' → ')[1]! in run.services))).toEqual([]);
      expect(dependencies.length).toBeGreaterThan(0);
    });

    it('starts the api and the workers after the migrations one-shot succeeded, probes their readiness and restarts them', () => {
      const { oneShot, api, workers } = partsOf(run.services);
      for (const [, service] of [api, workers]) {
        expect(service.depends_on?.[oneShot[0]]?.condition).toBe('service_completed_successfully');
        expect(service.restart).toBe('unless-stopped');
      }
      expect(api[1].healthcheck?.test.join(' ')).toContain('/api/health/ready');
      expect(workers[1].healthcheck?.test.join(' ')).toContain('/health/ready');
      expect(oneShot[1].restart).toBe('no');
    });

    it('publishes only nginx (and the demo sandbox), so the api scales and MySQL, Redis, metrics and the workers stay inside', () => {
      const { api, edge } = partsOf(run.services);
      const published = Object.entries(run.services)
        .filter(([, service]) => service.ports?.length)
        .map(([name]) => name);
      expect(published.filter((name) => name !== edge[0] && run.services[name]!.build?.target !== 'sandbox')).toEqual([]);
      expect(api[1].expose?.map(String)).toEqual(['3000']);
      const [port] = edge[1].ports!;
      // nginx listens inside on the port it is published on, so that containers reach it at the browser's address.
      expect([String(port!.published), String(port!.target), edge[1].environment?.SHOP_LISTEN_PORT]).toEqual([
        String(port!.target),
        String(port!.target),
        String(port!.target),
      ]);
    });

    it("sends nginx's requests to its own profile's api", () => {
      const { api, edge } = partsOf(run.services);
      // Docker's DNS, asked again every 10 s: replicas added by --scale or recreated by an upgrade join without a restart.
      expect(edge[1].environment?.SHOP_API_SERVERS).toBe(`resolver 127.0.0.11 valid=10s; server ${api[0]}:3000 resolve;`);
      expect(edge[1].depends_on?.[api[0]]?.condition).toBe('service_healthy');
    });
  });

  it("runs production on .env's settings under NODE_ENV=production, whatever the file says of the containers", () => {
    const example = readEnvExample();
    const { api, workers, oneShot } = partsOf(composeConfig(program, 'production').services);
    for (const [, service] of [api, workers, oneShot]) {
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        METRICS_TOKEN: example.METRICS_TOKEN,
        DATABASE_URL: example.DATABASE_URL,
        UPLOADS_DIR: '/data/uploads',
      });
    }
  });

  it('runs the demo in development, where browsers and containers reach the shop and the sandbox at the same addresses', () => {
    const { services } = composeConfig(program, 'demo');
    const { api, edge } = partsOf(services);
    const [, sandbox] = onlyOne(services, (service) => service.build?.target === 'sandbox');
    const settings = api[1].environment!;
    expect(settings.NODE_ENV).toBe('development');
    const publicUrl = new URL(settings.PUBLIC_URL!);
    expect(edge[1].networks?.default?.aliases).toContain(publicUrl.hostname);
    expect(String(edge[1].ports![0]!.published)).toBe(portOf(publicUrl));
    for (const providerUrl of [settings.OIDC_ISSUER_URL, settings.MPESA_BASE_URL, settings.PAYPAL_BASE_URL].map(
      (value) => new URL(value!),
    )) {
      expect(sandbox.networks?.default?.aliases).toContain(providerUrl.hostname);
      expect(sandbox.ports?.map((port) => String(port.published))).toContain(portOf(providerUrl));
    }
  });

  it('refuses production without its settings file, naming the file', () => {
    const missing = join(repoRoot, 'no-such-settings.env');
    const run = composeConfig(program, 'production', missing);
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(missing);
  });
});

describe('infra/Dockerfile', () => {
  const stages = readDockerfileStages();

  it('has a stage for every image the compose file builds', () => {
    const composeFile = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const targets = new Set(
      Object.values(composeFile.services).flatMap((service) => (service.build?.target ? [service.build.target] : [])),
    );
    expect([...targets].filter((target) => !stages.has(target))).toEqual([]);
    expect(targets.size).toBeGreaterThan(0);
  });

  it("copies every workspace's manifest before `npm ci`, which refuses a lock file whose workspaces it cannot see", () => {
    const { workspaces } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    const copied = stages
      .get('manifests')!
      .instructions.filter((instruction) => instruction.keyword === 'COPY')
      .flatMap((instruction) => copyOf(instruction).sources);
    expect(workspaces.map((workspace) => `${workspace}/package.json`).filter((manifest) => !copied.includes(manifest))).toEqual([]);
    expect(copied).toContain('package-lock.json');
  });

  it('copies only what the build context has', () => {
    const fromContext = [...stages.values()]
      .flatMap((stage) => stage.instructions)
      .filter((instruction) => instruction.keyword === 'COPY')
      .map(copyOf)
      .filter((copy) => !copy.fromStage)
      .flatMap((copy) => copy.sources);
    expect(fromContext.filter((source) => !existsSync(join(repoRoot, source)))).toEqual([]);
  });

  it('runs the shop and the sandbox as the unprivileged `node`, on the runtime dependencies alone', () => {
    for (const name of ['shop', 'sandbox']) {
      const instructions = stages.get(name)!.instructions;
      expect(instructions.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args)).toEqual(['node']);
      expect(instructions.find((instruction) => instruction.keyword === 'RUN' && instruction.args.startsWith('npm ci'))?.args).toContain(
        '--omit=dev',
      );
    }
  });
});

describe('package-lock.json', () => {
  it("records every platform's optional packages, which `npm ci` wants on any machine, a Docker build on an arm64 Mac's included", () => {
    const { packages } = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    // Where Node would find `name` from `location`: its own node_modules, then each enclosing one's.
    const resolves = (location: string, name: string): boolean => {
      for (let folder = location; ; folder = folder.slice(0, Math.max(0, folder.lastIndexOf('/node_modules/')))) {
        if (packages[`${folder ? `${folder}/` : ''}node_modules/${name}`]) return true;
        if (!folder) return false;
      }
    };
    const unrecorded = Object.entries(packages).flatMap(([location, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(location, name))
        .map((name) => `${location} → ${name}`),
    );
    expect(unrecorded).toEqual([]);
  });
});

describe('.env.example', () => {
  const example = readEnvExampleFilledIn();

  it("names every setting the shop reads and every variable of the compose file's, and nothing else", () => {
    const composeFile = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8').replace(/^\s*#.*$/gm, '');
    // `$${NAME}` is the container's own variable, which compose leaves alone.
    const composeVariables = [...composeFile.matchAll(/(?<!\$)\$\{(\w+)/g)].map(([, name]) => name!);
    const documented = new Set([
      ...Object.keys(configSchema.in.shape),
      ...composeVariables.filter((name) => name !== SETTINGS_FILE_VARIABLE),
    ]);
    expect(Object.keys(example).filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !(name in example))).toEqual([]);
  });

  it('is a production configuration the shop accepts', () => {
    expect(loadConfig(example).NODE_ENV).toBe('production');
  });

  it('marks (required) every setting production refuses to start without', () => {
    const lines = readFileSync(ENV_EXAMPLE, 'utf8').split('\n');
    // Each setting's description is the comment above it, all its lines; settings that go together share one.
    const descriptions = new Map<string, string>();
    let description = '';
    let afterSetting = false;
    for (const line of lines) {
      if (line.startsWith('## ') || line === '') description = '';
      else if (line.startsWith('# ')) description = afterSetting ? line : `${description}${line}`;
      else descriptions.set(line.split('=')[0]!, description);
      afterSetting = line !== '' && !line.startsWith('#');
    }
    const refusedWithout = Object.keys(example).filter((name) => {
      try {
        loadConfig({ ...example, [name]: '' });
        return false;
      } catch (error) {
        if (error instanceof ConfigError) return true;
        throw error;
      }
    });
    expect(refusedWithout.length).toBeGreaterThan(0);
    expect(refusedWithout.filter((name) => !descriptions.get(name)?.includes('(required)'))).toEqual([]);
  });
});
