import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_DARAJA_APP, SANDBOX_PATHS, SANDBOX_PAYPAL_APP } from '@shop/config';
import { freePort } from '@shop/testing';
import { assembleStage } from './deployment-files.js';
import { startInImage, waitUntilAnswers, type ImageProcess } from './image-process.js';

/** The demo profile's sandbox container, as infra/Dockerfile's `sandbox` stage builds it (see assembleStage). */
describe("the sandbox's image", () => {
  let imageDir: string;
  let sandbox: ImageProcess | undefined;

  beforeAll(() => {
    imageDir = mkdtempSync(join(tmpdir(), 'toyduka-sandbox-image-'));
  });

  afterAll(() => {
    if (sandbox?.child.exitCode === null) sandbox.child.kill('SIGKILL');
    rmSync(imageDir, { recursive: true, force: true });
  });

  it('serves Google sign-in, Daraja and PayPal stand-ins at the address the demo gives it, from its runtime dependencies alone', async () => {
    const env = assembleStage('sandbox', imageDir);
    const port = await freePort();
    const issuer = `http://sandbox.localhost:${port}${SANDBOX_PATHS.identity}`;
    sandbox = startInImage(imageDir, ['infra/sandbox/dist/main.js'], {
      ...env,
      SANDBOX_PORT: String(port),
      OIDC_ISSUER_URL: issuer,
      PUBLIC_URL: 'http://shop.localhost:8080',
    });
    await waitUntilAnswers(sandbox, `http://127.0.0.1:${port}/health`);
    const sandboxUrl = `http://127.0.0.1:${port}`;
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

    const discovery = await fetch(`${sandboxUrl}${SANDBOX_PATHS.identity}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(issuer);
    const darajaToken = await fetch(`${sandboxUrl}${SANDBOX_PATHS.daraja}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: basic(SANDBOX_DARAJA_APP.consumerKey, SANDBOX_DARAJA_APP.consumerSecret) },
    });
    expect(await darajaToken.json()).toMatchObject({ access_token: expect.any(String) });
    const paypalToken = await fetch(`${sandboxUrl}${SANDBOX_PATHS.paypal}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: basic(SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(await paypalToken.json()).toMatchObject({ access_token: expect.any(String) });
  }, 180_000);
});
