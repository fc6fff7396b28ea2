// npm run dev: the built api and workers with the Vite dev server in front for the web (hot reload).
import { failWith, migrateAndSeed, prepareWorkspace, say } from './lib/bootstrap.mjs';

let stack;
try {
  const workspace = await prepareWorkspace();
  const config = workspace.loadConfig();
  await workspace.ensureServices(config);
  await workspace.assertPortFree(config.PORT, 'PORT');
  await migrateAndSeed(workspace, config);
  const web = { name: 'web', cwd: 'web', command: 'npx', args: ['vite', '--port', '5173', '--strictPort'], env: { API_URL: `http://127.0.0.1:${config.PORT}` } };
  stack = workspace.supervise([...workspace.shopProcesses(), web], {}, { onUnexpectedExit: (error) => say(error.message) });
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(0)));
  await workspace.waitForHealthy(`http://127.0.0.1:${config.PORT}/api/health`);
  say(`Web with hot reload at http://localhost:5173 (api at ${config.PUBLIC_URL})`);
} catch (error) {
  await stack?.stop();
  failWith(error);
}
