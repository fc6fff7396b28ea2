import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';

function runServices(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['infra/scripts/services.mjs'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run services', () => {
  it('starts project-local MariaDB and Redis where they are installed but not running', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'toyduka-services-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'mysql://root@127.0.0.1:3397/toyduka_local', REDIS_URL: 'redis://127.0.0.1:6397' };
    try {
      const first = runServices(env);
      expect(first.output).toContain('Starting a project-local MariaDB on 127.0.0.1:3397');
      expect(first.output).toContain('Starting a project-local Redis on 127.0.0.1:6397');
      expect(first.status).toBe(0);

      const connection = await mysql.createConnection({ host: '127.0.0.1', port: 3397, user: 'root', database: 'toyduka_local' });
      const [rows] = await connection.query('SELECT DATABASE() AS name');
      await connection.end();
      expect(rows).toEqual([{ name: 'toyduka_local' }]);
      const redis = new Redis('redis://127.0.0.1:6397');
      expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      redis.disconnect();

      const again = runServices(env);
      expect(again.status).toBe(0);
      expect(again.output).not.toContain('Starting');
    } finally {
      for (const pidFile of ['mysqld.pid', 'redis/redis.pid']) {
        try {
          process.kill(Number(readFileSync(join(dataDir, pidFile), 'utf8')), 'SIGTERM');
        } catch {
          // never started
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says in one line when the database refuses the credentials', () => {
    const { status, output } = runServices({ DATABASE_URL: 'mysql://nobody:wrong@127.0.0.1:3306/toyduka' });
    expect(status).toBe(1);
    expect(output).toMatch(
      /MySQL at mysql:\/\/127\.0\.0\.1:3306 refused the connection: Access denied.*Check the user and password in DATABASE_URL/,
    );
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('names a malformed variable and how a database URL looks', () => {
    const { status, output } = runServices({ DATABASE_URL: 'postgres://localhost/shop' });
    expect(status).toBe(1);
    expect(output).toContain('DATABASE_URL must be a URL starting with mysql:');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('tells how to get the services when one on another host does not answer', () => {
    const { status, output } = runServices({ DATABASE_URL: 'mysql://root@127.0.0.2:3399/toyduka' });
    expect(status).toBe(1);
    expect(output).toContain('MySQL does not answer at mysql://127.0.0.2:3399');
    expect(output).toContain('apt-get install mariadb-server redis-server');
    expect(output).toContain('point DATABASE_URL and REDIS_URL at servers you run elsewhere');
  });
});
