import type { Server } from 'node:http';
import { Body, Controller, Get, Param, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { createTestAccount, createTestProduct, refusalAnswer, sessionCookieOf, testConfig, waitFor, type TestAccount } from '@shop/testing';
import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { AdminOnly, CurrentUser } from './access.decorators.js';

/** Stands for every later shopper route that names a user (cart, wishlist, addresses, orders). */
@Controller('shop/fixture')
class OwnDataFixtureController {
  @Get(':userId/things')
  listThings(@Param('userId') userId: string, @CurrentUser() caller: SessionUser) {
    return { success: true, userId, callerId: caller.id };
  }

  @Post('things')
  addThing(@Body() _body: { userId: number }, @CurrentUser() caller: SessionUser) {
    return { success: true, callerId: caller.id };
  }
}

/** Stands for admin actions whose paths sit outside /api/admin/ (feature images). */
@Controller('common/fixture')
class AdminActionFixtureController {
  @AdminOnly()
  @Post('publish')
  publish(@CurrentUser() caller: SessionUser) {
    return { success: true, callerId: caller.id };
  }
}

describe('access: sessions, roles and ownership', () => {
  let api: INestApplication;
  let server: Server;
  let dataSource: DataSource;
  let shopperA: TestAccount;
  let shopperB: TestAccount;
  let admin: TestAccount;
  let cookieA: string;
  let adminCookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const config = testConfig();
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.register(config)],
      controllers: [OwnDataFixtureController, AdminActionFixtureController],
    }).compile();
    api = configureApp(moduleRef.createNestApplication({ logger: false }), config);
    await api.listen(0, '127.0.0.1');
    server = api.getHttpServer();
    dataSource = api.get(DataSource);
    [shopperA, shopperB, admin] = await Promise.all([
      createTestAccount(dataSource),
      createTestAccount(dataSource),
      createTestAccount(dataSource, 'admin'),
    ]);
    [cookieA, adminCookie] = await Promise.all([sessionCookieOf(server, shopperA), sessionCookieOf(server, admin)]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await api?.close();
  });

  async function connect(cookie?: string): Promise<Socket> {
    const socket = io(await api.getUrl(), { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    return socket;
  }

  describe('admin routes', () => {
    it('refuses a guest with 401 and a shopper with 403', async () => {
      expect((await request(server).get('/api/admin/dashboard').expect(401)).body).toEqual(
        refusalAnswer('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated),
      );
      expect((await request(server).get('/api/admin/dashboard').set('Cookie', cookieA).expect(403)).body).toEqual(
        refusalAnswer('FORBIDDEN', MESSAGES.auth.adminRequired),
      );
    });

    it('is not fooled by the path written in capitals', async () => {
      await request(server).get('/API/Admin/Dashboard').set('Cookie', cookieA).expect(403);
    });

    it('guards admin actions outside /api/admin/ that say @AdminOnly', async () => {
      await request(server).post('/api/common/fixture/publish').expect(401);
      expect((await request(server).post('/api/common/fixture/publish').set('Cookie', cookieA).expect(403)).body.message).toBe(
        MESSAGES.auth.adminRequired,
      );
      expect((await request(server).post('/api/common/fixture/publish').set('Cookie', adminCookie).expect(201)).body).toEqual({
        success: true,
        callerId: admin.user.id,
      });
    });

    it('shows the admin the dashboard figures that exist', async () => {
      const before = (await request(server).get('/api/admin/dashboard').set('Cookie', adminCookie).expect(200)).body.data;
      await createTestProduct(dataSource, { title: 'Access test sold out', totalStock: 0 });
      await createTestProduct(dataSource, { title: 'Access test nearly gone', totalStock: 4 });
      const after = (await request(server).get('/api/admin/dashboard').set('Cookie', adminCookie).expect(200)).body.data;
      expect(after).toMatchObject({
        products: before.products + 2,
        lowStockProducts: before.lowStockProducts + 1,
        outOfStockProducts: before.outOfStockProducts + 1,
        shoppers: before.shoppers,
      });
    });
  });

  describe('routes that name a user', () => {
    it('serve the caller their own data', async () => {
      const response = await request(server).get(`/api/shop/fixture/${shopperA.user.id}/things`).set('Cookie', cookieA).expect(200);
      expect(response.body).toEqual({ success: true, userId: String(shopperA.user.id), callerId: shopperA.user.id });
      await request(server).post('/api/shop/fixture/things').set('Cookie', cookieA).send({ userId: shopperA.user.id }).expect(201);
    });

    it('refuse user A on a route naming user B, in the path or in the body', async () => {
      const inPath = await request(server).get(`/api/shop/fixture/${shopperB.user.id}/things`).set('Cookie', cookieA).expect(403);
      expect(inPath.body).toEqual(refusalAnswer('FORBIDDEN', MESSAGES.auth.notYourAccount));
      const inBody = await request(server)
        .post('/api/shop/fixture/things')
        .set('Cookie', cookieA)
        .send({ userId: shopperB.user.id })
        .expect(403);
      expect(inBody.body.message).toBe(MESSAGES.auth.notYourAccount);
    });

    it('refuse a guest', async () => {
      await request(server).get(`/api/shop/fixture/${shopperA.user.id}/things`).expect(401);
    });

    it.each<[string, unknown]>([
      ['an object whose toString is not a function', { toString: 1, valueOf: 1 }],
      ['an array holding the caller’s id', ['CALLER']],
      ['an object', {}],
      ['null', null],
    ])('refuse a body whose userId is %s, as naming nobody they may act for', async (_case, userId) => {
      const named = Array.isArray(userId) ? [shopperA.user.id] : userId;
      const answer = await request(server).post('/api/shop/fixture/things').set('Cookie', cookieA).send({ userId: named }).expect(403);
      expect(answer.body).toEqual(refusalAnswer('FORBIDDEN', MESSAGES.auth.notYourAccount));
    });
  });

  describe('sockets', () => {
    it('refuses a connection without a session', async () => {
      const socket = await connect();
      const refusal = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(refusal.message).toBe(MESSAGES.auth.notAuthenticated);
      expect(socket.connected).toBe(false);
    });

    it('accepts a signed-in browser, and closes its sockets when the session signs out', async () => {
      const account = await createTestAccount(dataSource);
      const cookie = await sessionCookieOf(server, account);
      const [first, second] = await Promise.all([connect(cookie), connect(cookie)]);
      await waitFor('both sockets to connect', () => first.connected && second.connected);
      const otherSession = await connect(await sessionCookieOf(server, account));
      await waitFor('the other session to connect', () => otherSession.connected);

      await request(server).post('/api/auth/logout').set('Cookie', cookie).expect(200);

      await waitFor('the signed-out sockets to close', () => !first.connected && !second.connected);
      expect(otherSession.connected).toBe(true);
    });

    it('lets only admins watch the operations room', async () => {
      const shopperSocket = await connect(cookieA);
      const refusal = new Promise<{ message: string }>((resolve) => shopperSocket.once('exception', resolve));
      shopperSocket.emit('ops:watch');
      expect((await refusal).message).toBe(MESSAGES.auth.adminRequired);

      const adminSocket = await connect(adminCookie);
      expect(await adminSocket.emitWithAck('ops:watch')).toEqual({ joined: 'ops' });
    });
  });
});
