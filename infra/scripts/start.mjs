// npm start: everything a fresh clone needs to run the whole shop, then the shop itself.
import { defaultNodeEnv, failWith, migrateAndSeed, prepareWorkspace, say } from './lib/bootstrap.mjs';

let shop;
try {
  const workspace = await prepareWorkspace();
  // The demo shop on this machine, with the sandbox and the demo admin.
  defaultNodeEnv('development');
  const config = workspace.loadConfig();
  await workspace.ensureServices(config);
  await workspace.assertShopPortsFree(config);
  await migrateAndSeed(workspace, config);

  shop = workspace.supervise(
    workspace.shopProcesses(),
    {},
    {
      onUnexpectedExit: (error) => {
        process.exitCode = 1;
        say(error.message);
      },
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      say('Stopping...');
      void shop.stop().then(() => process.exit(process.exitCode ?? 0));
    });
  }
  await workspace.waitForHealthy(`http://127.0.0.1:${config.PORT}/api/health`);
  say(`Toy Duka is running at ${config.PUBLIC_URL}  (API docs: ${config.PUBLIC_URL}/api/docs)`);
  say(`"Continue with Google" signs in through the sandbox's test accounts at ${config.OIDC_ISSUER_URL}`);
  say(
    `Every SMS and e-mail the shop sends lands at http://localhost:${config.SANDBOX_PORT}${workspace.SANDBOX_PATHS.outbox} (SMTP on port ${config.SANDBOX_SMTP_PORT})`,
  );
  if (workspace.isDevelopmentEnvironment(config.NODE_ENV)) {
    const admin = workspace.adminCredentials(config);
    say(`Admin sign-in: ${admin.email} / ${admin.password}`);
  }
  say('Press Ctrl-C to stop.');
} catch (error) {
  await shop?.stop();
  failWith(error);
}
