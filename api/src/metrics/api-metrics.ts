import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The api's Prometheus series. One registry per application, not prom-client's global one, so
 * that two api instances in one test process do not share (or clash over) their figures.
 */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'toyduka_http_request_duration_seconds',
    help: 'HTTP requests by method, Nest route pattern ("(unmatched)" when no route took it) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly socketConnections = new Gauge({
    name: 'toyduka_socket_connections',
    help: 'Signed-in Socket.IO connections held by this api instance',
    registers: [this.registry],
  });

  readonly unverifiedWebhooks = new Counter({
    name: 'toyduka_payment_webhooks_unverified_total',
    help: 'Webhook deliveries the provider did not confirm as its own (or that could not be read); refused unstored',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  readonly serverRenders = new Counter({
    name: 'toyduka_web_server_renders_total',
    help: 'Shopper pages asked of the server render, by outcome: page (drawn), redirect, or fallback (the client shell was sent: no render bundle, over its time budget, or a render error)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly guestPages = new Counter({
    name: 'toyduka_web_guest_pages_total',
    help: "Home, listing and product pages asked for, by how they were answered: from-cache (drawn, or being drawn, for an earlier guest, the shop window unchanged since), into-cache (drawn for this guest and kept for the next), or uncached (a signed-in shopper's, the client shell of a failed render, the cache off or the shop window's count unreadable)",
    labelNames: ['answer'] as const,
    registers: [this.registry],
  });

  // The series below describe the shop as a whole (queues in Redis, the outbox in MySQL); every api
  // instance reports the same values, so alerts take max() over instances. They live on the api
  // rather than the workers so that they are still scraped when no worker is running.
  readonly queueJobs = new Gauge({
    name: 'toyduka_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed), read from BullMQ at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly queueWorkers = new Gauge({
    name: 'toyduka_queue_workers',
    help: 'Worker processes serving each queue, by their presence beats in Redis (as the queue console counts them)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'toyduka_outbox_backlog',
    help: 'Outbox rows not yet published to their queue (0 also when MySQL did not answer: see toyduka_dependency_up)',
    registers: [this.registry],
  });

  readonly outboxOldestAge = new Gauge({
    name: 'toyduka_outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox row by the database clock (0 when none waits)',
    registers: [this.registry],
  });

  readonly heartbeatLatency = new Gauge({
    name: 'toyduka_pipeline_heartbeat_latency_seconds',
    help: 'Latency of the latest pipeline heartbeat, from the api writing it to a worker processing it (0 before the first)',
    registers: [this.registry],
  });

  readonly heartbeatTimestamp = new Gauge({
    name: 'toyduka_pipeline_heartbeat_timestamp_seconds',
    help: 'When a worker processed the latest pipeline heartbeat, Unix time (0 before the first)',
    registers: [this.registry],
  });

  readonly dependencyUp = new Gauge({
    name: 'toyduka_dependency_up',
    help: 'Whether MySQL and Redis answered this scrape (1) or not (0)',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // From 0, so that increase() sees the first forged delivery too.
    this.unverifiedWebhooks.inc({ provider: 'paypal' }, 0);
    for (const outcome of ['page', 'redirect', 'fallback']) this.serverRenders.inc({ outcome }, 0);
    for (const answer of ['from-cache', 'into-cache', 'uncached']) this.guestPages.inc({ answer }, 0);
  }
}
