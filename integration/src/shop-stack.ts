import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { settleLeftoverWork, testConfig } from '@shop/testing';
import { startPaymentStack, type PaymentStack, type PaymentStackOptions } from '../../api/src/testing/payment-stack.js';
import { WorkersModule } from '../../workers/src/workers.module.js';

export interface ShopStack extends PaymentStack {
  /** The workers app: the outbox relay and every queue's processors, in this process. */
  workers: INestApplication;
}

/** The payment stack (sandbox and api) with the workers on the same configuration: the shop whole. */
export async function startShopStack(options: PaymentStackOptions = {}): Promise<ShopStack> {
  await settleLeftoverWork(testConfig());
  const stack = await startPaymentStack(options);
  try {
    const workers = await NestFactory.create(WorkersModule.register(stack.config), { logger: false });
    await workers.init();
    const close = async () => {
      await workers.close();
      await stack.close();
    };
    return { ...stack, workers, close };
  } catch (error) {
    await stack.close();
    throw error;
  }
}
