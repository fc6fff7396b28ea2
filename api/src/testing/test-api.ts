import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { CATALOGUE_API, UPLOAD_FIELD } from '@shop/contracts';
import { testConfig } from '@shop/testing';
import { AppModule } from '../app.module.js';
import { configureApp, type AppSetupOptions } from '../app.setup.js';

export interface TestApi {
  app: INestApplication;
  server: Server;
  dataSource: DataSource;
}

/** The real api, set up exactly as main.ts does, listening on a free port unless one is given. */
export async function startTestApi(config: AppConfig, port = 0, options: AppSetupOptions = {}): Promise<TestApi> {
  const app = configureApp(await NestFactory.create(AppModule.register(config), { logger: false }), config, options);
  await app.listen(port, '127.0.0.1');
  return { app, server: app.getHttpServer() as Server, dataSource: app.get(DataSource) };
}

/** A small JPEG with `label` on it, its bytes (and so its stored name) unlike any other test run's. */
export function testJpeg(label: string, size = { width: 320, height: 240 }): Promise<Buffer> {
  const seed = `${label} ${randomBytes(4).toString('hex')}`;
  const hue = [...seed].reduce((sum, character) => sum + character.charCodeAt(0), 0) % 255;
  return sharp({ create: { ...size, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .composite([
      { input: Buffer.from(`<svg width="${size.width}" height="${size.height}"><text x="10" y="40" font-size="24">${seed}</text></svg>`) },
    ])
    .jpeg()
    .toBuffer();
}

/** Uploads through the real route as the given admin and answers the stored image's url. */
export async function uploadTestImage(server: Server, adminCookie: string, bytes: Buffer, filename = 'toy.jpg'): Promise<string> {
  const response = await request(server)
    .post(CATALOGUE_API.uploadImage)
    .set('Cookie', adminCookie)
    .attach(UPLOAD_FIELD, bytes, filename)
    .expect(200);
  return (response.body as { result: { url: string } }).result.url;
}

/**
 * The api of a spec file, started before its tests and closed after them: read its parts inside tests
 * and hooks. Hooks run in the order they are registered, so the file's own beforeAll (after this call)
 * finds the api running, and an afterAll that still needs it goes before this call.
 */
export function useTestApi(config: AppConfig = testConfig()): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(config);
  });
  afterAll(() => started?.app.close());
  const running = (): TestApi => {
    if (!started) throw new Error('the test api runs only while the tests of its file do');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get server() {
      return running().server;
    },
    get dataSource() {
      return running().dataSource;
    },
  };
}
