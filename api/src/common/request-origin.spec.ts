import type { Server } from 'node:http';
import { io } from 'socket.io-client';
import request from 'supertest';
import { CATALOGUE_API, MESSAGES, SHOPPER_API } from '@shop/contracts';
import { createTestProduct, refusalAnswer, signedInAccount, testConfig } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

const config = testConfig();
const shopOrigin = config.WEB_ORIGINS[0]!;

describe('Cross-site request forgery', () => {
  const api = useTestApi(config);
  let server: Server;
  let cookie: string;
  let productId: number;
  beforeAll(async () => {
    server = api.server;
    ({ cookie } = await signedInAccount(server, api.dataSource));
    ({ id: productId } = await createTestProduct(api.dataSource, { totalStock: 100 }));
  });

  const addToCart = (headers: Record<string, string>) =>
    request(server)
      .post(SHOPPER_API.addToCart)
      .set({ Cookie: cookie, 'content-type': 'application/json', ...headers })
      .send({ productId, quantity: 1 });

  it('refuses a signed-in write from another site, named by Origin or by Referer, before the route runs', async () => {
    const foreign: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Referer: 'https://evil.example/page' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const answer = await addToCart(headers).expect(403);
      expect(answer.body).toEqual(refusalAnswer('FOREIGN_ORIGIN', MESSAGES.server.foreignOrigin));
    }
  });

  it("lets the shop's own pages write: a web origin, the api's own host, or a client that names no page", async () => {
    const own: Array<Record<string, string>> = [
      { Origin: shopOrigin },
      { Referer: `${shopOrigin}/shop/cart` },
      {},
      { 'Sec-Fetch-Site': 'same-origin' },
    ];
    for (const headers of own) await addToCart(headers).expect(200);
    const port = (server.address() as { port: number }).port;
    await addToCart({ Origin: `http://127.0.0.1:${port}` }).expect(200);
  });

  it('answers 415 to a write whose body is a form, multipart or text, the sign-in included', async () => {
    const signIn = await request(server)
      .post('/api/auth/login')
      .type('form')
      .send({ email: 'someone@example.com', password: 'whatever-it-is' })
      .expect(415);
    expect(signIn.body).toEqual(refusalAnswer('UNSUPPORTED_MEDIA_TYPE', MESSAGES.server.jsonOnly));
    await request(server)
      .post(SHOPPER_API.addToCart)
      .set({ Cookie: cookie, 'content-type': 'text/plain' })
      .send('{"productId":1,"quantity":1}')
      .expect(415);
    await request(server).post(SHOPPER_API.addToCart).set('Cookie', cookie).field('productId', '1').expect(415);
    const uploadAsJson = await request(server)
      .post(CATALOGUE_API.uploadImage)
      .set({ Cookie: cookie, 'content-type': 'application/json' })
      .send({ image: 'x' })
      .expect(415);
    expect(uploadAsJson.body.message).toBe(MESSAGES.server.multipartOnly);
  });

  it('refuses a body nested deeper than the limit with 400, and one past the size limit with 413', async () => {
    const nested = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const deep = await request(server)
      .post(SHOPPER_API.addToCart)
      .set({ Cookie: cookie, 'content-type': 'application/json' })
      .send(nested)
      .expect(400);
    expect(deep.body).toEqual(
      refusalAnswer('VALIDATION_FAILED', MESSAGES.server.bodyTooDeep, {
        fields: [{ field: 'body', message: MESSAGES.server.bodyTooDeep }],
      }),
    );
    const huge = await request(server)
      .post(SHOPPER_API.addToCart)
      .set({ Cookie: cookie, 'content-type': 'application/json' })
      .send(JSON.stringify({ productId: 1, note: 'x'.repeat(200_000) }))
      .expect(413);
    expect(huge.body).toEqual(refusalAnswer('PAYLOAD_TOO_LARGE', MESSAGES.server.bodyTooLarge));
  });

  it("refuses a Socket.IO handshake from another site's page and accepts one from the shop's", async () => {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const connect = (origin: string) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = io(url, { transports: ['websocket'], extraHeaders: { Origin: origin, Cookie: cookie }, reconnection: false });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    expect(await connect('https://evil.example')).toBe('refused');
    expect(await connect(shopOrigin)).toBe('connected');
  });
});
