// npm run migrate: brings the database of DATABASE_URL up to the newest schema.
// With --revert N it undoes the newest N migrations instead: the first step of a rollback to an
// older build, which refuses a schema newer than its own (docs/deploy.md, Upgrading). Run it with the
// newer build: only it knows how to undo its migrations.
// With --ensure-admin (the containers' one-shot: docker-compose.yml, infra/k8s), it then creates the
// admin of ADMIN_EMAIL and ADMIN_PASSWORD when no account has that e-mail yet, as on the shop's first
// start. An account that has it is left as it is: ADMIN_PASSWORD never overwrites a password the admin
// may have changed since, and a setting never makes a shopper an admin (npm run admin:create does, when
// someone means it).
import { parseArgs } from 'node:util';
import { defaultNodeEnv, failWith, say, StepFailure } from './lib/bootstrap.mjs';
import { ensureMysql } from './lib/services.mjs';

function parseOptions() {
  try {
    const { values } = parseArgs({ options: { 'ensure-admin': { type: 'boolean', default: false }, revert: { type: 'string' } } });
    if (values.revert !== undefined && !/^[1-9]\d*$/.test(values.revert))
      throw new Error(`--revert takes how many migrations to undo, not '${values.revert}'`);
    return values;
  } catch (error) {
    throw new StepFailure(`${error.message}\nUsage: npm run migrate [-- --ensure-admin | --revert N]`);
  }
}

/** What the one-shot did about the configured admin, in one line for the container's log. */
async function ensureConfiguredAdmin(workspace, config) {
  const admin = workspace.adminCredentials(config);
  const email = workspace.normaliseEmail(admin.email);
  const dataSource = await workspace.createDataSource(config).initialize();
  try {
    return await workspace.inTransaction(dataSource, async (manager) => {
      const existing = await manager.findOneBy(workspace.User, { email });
      if (existing?.role === 'admin') return `Admin ${email} is there; ADMIN_PASSWORD only sets the password of an admin it creates.`;
      if (existing)
        return `${email} is a shopper's account, so it was not made an admin: run \`npm run admin:create -- --email ${email}\` to promote it.`;
      await workspace.ensureAdminAccount(manager, { email, password: admin.password });
      return `Created the admin ${email} from ADMIN_EMAIL and ADMIN_PASSWORD.`;
    });
  } catch (error) {
    throw error instanceof workspace.AdminAccountError ? new StepFailure(`ADMIN_EMAIL or ADMIN_PASSWORD: ${error.message}`) : error;
  } finally {
    await dataSource.destroy();
  }
}

try {
  const options = parseOptions();
  // Migrating reads DATABASE_URL alone, so development stands in where no NODE_ENV is given. Creating
  // the admin does not: there, as everywhere, an unset NODE_ENV is production and the demo admin's
  // known password is never used. The containers say production, and the whole production
  // configuration is checked here before anything else starts: the line naming what is missing is the
  // first thing `docker compose up` shows.
  if (!options['ensure-admin']) defaultNodeEnv('development');
  const workspace = Object.assign({}, ...(await Promise.all([import('@shop/config'), import('@shop/db'), import('@shop/contracts')])));
  const settings = workspace.loadConfig();
  await ensureMysql(settings);
  if (options.revert) {
    const reverted = await workspace.revertMigrations(settings, Number(options.revert));
    say(reverted.length ? `Reverted migrations, newest first: ${reverted.join(', ')}` : 'No migration to revert.');
  } else {
    const applied = await workspace.migrateDatabase(settings);
    say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
  }
  if (options['ensure-admin']) say(await ensureConfiguredAdmin(workspace, settings));
} catch (error) {
  failWith(error);
}
