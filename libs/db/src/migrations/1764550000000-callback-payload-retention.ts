import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention clears the raw payload of old payment callbacks and keeps the rows. The column records
 * when, and its index lets each batch read the oldest payloads not yet cleared without walking past
 * the ones already done, which stay in the table for good.
 */
export class CallbackPayloadRetention1764550000000 implements MigrationInterface {
  name = 'CallbackPayloadRetention1764550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `payment_callbacks` ADD `payloadClearedAt` datetime(3) NULL, ADD INDEX `payment_callbacks_payload_retention` (`payloadClearedAt`, `receivedAt`)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `payment_callbacks` DROP INDEX `payment_callbacks_payload_retention`, DROP COLUMN `payloadClearedAt`',
    );
  }
}
