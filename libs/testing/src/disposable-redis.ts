import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { waitFor } from './wait-for.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** A real redis-server of the test's own, which the test may stop and start to play an outage. */
export class DisposableRedis {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<DisposableRedis> {
    const redis = new DisposableRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
      {
        stdio: 'ignore',
      },
    );
    const { Redis } = await import('ioredis');
    await waitFor('redis-server to answer', async () => {
      const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    });
  }

  async stop(): Promise<void> {
    if (!this.process || this.process.exitCode !== null) return;
    const exited = once(this.process, 'exit');
    this.process.kill('SIGKILL');
    await exited;
  }
}
