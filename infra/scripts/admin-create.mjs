// npm run admin:create -- --email someone@example.com [--password ...] [--name ...]
// Creates an admin account, or promotes the shopper who already has that e-mail. It runs on the build
// as it is (as npm run migrate does), so that it works in the shop's image too:
// `docker compose exec api node infra/scripts/admin-create.mjs --email ...`.
import { parseArgs } from 'node:util';
import { defaultNodeEnv, failWith, say, StepFailure } from './lib/bootstrap.mjs';
import { ensureMysql } from './lib/services.mjs';

const USAGE = 'Usage: npm run admin:create -- --email someone@example.com --password "at least 8 characters" [--name "Shop Admin"]';

try {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email) throw new StepFailure(USAGE);
  const workspace = Object.assign({}, ...(await Promise.all([import('@shop/config'), import('@shop/db')])));
  // Reads only DATABASE_URL, and the admin's password is the one given: nothing of development's is used.
  defaultNodeEnv('development');
  const config = workspace.loadConfig();
  await ensureMysql(config);
  await workspace.migrateDatabase(config);
  const dataSource = await workspace.createDataSource(config).initialize();
  try {
    const outcome = await dataSource.transaction((manager) =>
      workspace.ensureAdminAccount(manager, { email: values.email, password: values.password, userName: values.name }),
    );
    const said = { created: 'created', promoted: 'promoted to admin (password unchanged)', 'already-admin': 'was already an admin' }[
      outcome
    ];
    say(`${values.email.trim().toLowerCase()} ${said}.`);
  } catch (error) {
    throw error instanceof workspace.AdminAccountError ? new StepFailure(`${error.message}\n${USAGE}`) : error;
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  failWith(error);
}
