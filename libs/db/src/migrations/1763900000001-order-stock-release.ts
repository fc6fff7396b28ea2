import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When an order's units went back on the shelf: expiry, a failed payment and an admin's rejection release them once between them. */
export class OrderStockRelease1763900000001 implements MigrationInterface {
  name = 'OrderStockRelease1763900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `orders` ADD `stockReleasedAt` datetime(3) NULL');
    // Orders closed before this column existed have already given their units back.
    await queryRunner.query(
      "UPDATE `orders` SET `stockReleasedAt` = `updatedAt` WHERE `orderStatus` IN ('cancelled', 'rejected') AND `paymentStatus` <> 'paid'",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `orders` DROP COLUMN `stockReleasedAt`');
  }
}
