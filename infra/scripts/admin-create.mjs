// npm run admin:create -- --email someone@example.com [--password ...] [--name ...]
// Creates an admin account, or promotes the shopper who already has that e-mail.
import { parseArgs } from 'node:util';
import { StepFailure, defaultNodeEnv, failWith, prepareWorkspace, say } from './lib/bootstrap.mjs';

const USAGE = 'Usage: npm run admin:create -- --email someone@example.com --password "at least 8 characters" [--name "Shop Admin"]';

try {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email) throw new StepFailure(USAGE);
  const workspace = await prepareWorkspace();
  // Reads only DATABASE_URL, and the admin's password is the one given: nothing of development's is used.
  defaultNodeEnv('development');
  const config = workspace.loadConfig();
  await workspace.ensureMysql(config);
  await workspace.migrateDatabase(config);
  const dataSource = await workspace.createDataSource(config).initialize();
  try {
    const outcome = await dataSource.transaction((manager) => workspace.ensureAdminAccount(manager, { email: values.email, password: values.password, userName: values.name }));
    const said = { created: 'created', promoted: 'promoted to admin (password unchanged)', 'already-admin': 'was already an admin' }[outcome];
    say(`${values.email.trim().toLowerCase()} ${said}.`);
  } catch (error) {
    throw error instanceof workspace.AdminAccountError ? new StepFailure(`${error.message}\n${USAGE}`) : error;
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  failWith(error);
}
