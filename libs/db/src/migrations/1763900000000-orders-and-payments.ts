import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and payments: one payment per order, PayPal's approval link and capture attempts, and the
 * indexes of the admin's order list (newest first, optionally by status).
 */
export class OrdersAndPayments1763900000000 implements MigrationInterface {
  name = 'OrdersAndPayments1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The unique index comes first: the foreign key on orderId needs an index at every moment.
    await queryRunner.query('CREATE UNIQUE INDEX `payments_order` ON `payments` (`orderId`)');
    await queryRunner.query('DROP INDEX `IDX_af929a5f2a400fdb6913b4967e` ON `payments`');
    await queryRunner.query('ALTER TABLE `payments` ADD `approvalUrl` varchar(500) NULL');
    await queryRunner.query('ALTER TABLE `payments` ADD `captureAttempts` int UNSIGNED NOT NULL DEFAULT 0');
    await queryRunner.query('CREATE INDEX `orders_status_date` ON `orders` (`orderStatus`, `createdAt`)');
    await queryRunner.query('DROP INDEX `IDX_2212c6fbd493d7fe917684ed98` ON `orders`');
    await queryRunner.query('CREATE INDEX `orders_date` ON `orders` (`createdAt`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `orders_date` ON `orders`');
    await queryRunner.query('CREATE INDEX `IDX_2212c6fbd493d7fe917684ed98` ON `orders` (`orderStatus`)');
    await queryRunner.query('DROP INDEX `orders_status_date` ON `orders`');
    await queryRunner.query('ALTER TABLE `payments` DROP COLUMN `captureAttempts`');
    await queryRunner.query('ALTER TABLE `payments` DROP COLUMN `approvalUrl`');
    await queryRunner.query('CREATE INDEX `IDX_af929a5f2a400fdb6913b4967e` ON `payments` (`orderId`)');
    await queryRunner.query('DROP INDEX `payments_order` ON `payments`');
  }
}
