import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createIdentityProvider, type IdentityClient } from './identity/identity-provider.js';

export const IDENTITY_PROVIDER_PATH = '/oidc';

export interface SandboxOptions {
  port: number;
  /** The host browsers and the api use to reach the sandbox; it is part of the issuer URL. */
  host?: string;
  googleClient: IdentityClient;
}

export interface RunningSandbox {
  url: string;
  issuer: string;
  close(): Promise<void>;
}

/** Starts the sandbox's HTTP server; port 0 picks a free one (tests). */
export async function startSandbox({ port, host = 'localhost', googleClient }: SandboxOptions): Promise<RunningSandbox> {
  const server: Server = createServer();
  server.listen(port);
  await once(server, 'listening');
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const issuer = `${url}${IDENTITY_PROVIDER_PATH}`;

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.use(IDENTITY_PROVIDER_PATH, await createIdentityProvider({ issuer, client: googleClient }));
  server.on('request', app);

  return {
    url,
    issuer,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
