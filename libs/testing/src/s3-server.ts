import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of s3rver (CommonJS, without types) the tests use. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rver;

/** The key pair s3rver checks signatures with unless told otherwise. */
const S3RVER_CREDENTIAL = 'S3RVER';

/**
 * An S3-compatible server of the test's own (s3rver), on a port the system picks, keeping its objects
 * in a temporary directory removed on stop, with one bucket ready.
 */
export class LocalS3Server {
  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    /** The settings that point the shop at the bucket, as testConfig's overrides. */
    readonly settings: Record<string, string>,
  ) {}

  static async start(): Promise<LocalS3Server> {
    const directory = await mkdtemp(join(tmpdir(), 'toyduka-s3-'));
    const bucket = `toyduka-test-${randomBytes(4).toString('hex')}`;
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    return new LocalS3Server(server, directory, {
      IMAGE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIAL,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIAL,
    });
  }

  async stop(): Promise<void> {
    await this.server.close();
    await rm(this.directory, { recursive: true, force: true });
  }
}
