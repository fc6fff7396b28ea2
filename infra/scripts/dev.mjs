// npm run dev: the built api and workers with the Vite dev server in front for the web (hot reload).
import { defaultNodeEnv, failWith, migrateAndSeed, prepareWorkspace, say } from './lib/bootstrap.mjs';

let stack;
try {
  const workspace = await prepareWorkspace();
  defaultNodeEnv('development');
  // The browser talks to Vite, which forwards /api: sign-in redirects must come back to Vite too.
  const devUrl = 'http://localhost:5173';
  const config = workspace.loadConfig({ ...process.env, PUBLIC_URL: devUrl });
  await workspace.ensureServices(config);
  await workspace.assertShopPortsFree(config);
  await migrateAndSeed(workspace, config);
  const web = {
    name: 'web',
    cwd: 'web',
    command: 'npx',
    args: ['vite', '--port', '5173', '--strictPort'],
    env: { API_URL: `http://127.0.0.1:${config.PORT}` },
  };
  stack = workspace.supervise(
    [...workspace.shopProcesses(), web],
    { PUBLIC_URL: devUrl },
    { onUnexpectedExit: (error) => say(error.message) },
  );
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(0)));
  await workspace.waitForHealthy(`http://127.0.0.1:${config.PORT}/api/health`);
  say(`Web with hot reload at ${devUrl} (api on port ${config.PORT})`);
} catch (error) {
  await stack?.stop();
  failWith(error);
}
