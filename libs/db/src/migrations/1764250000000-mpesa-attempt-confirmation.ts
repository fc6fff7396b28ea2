import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When Daraja's STK query confirmed an attempt's outcome: no callback alone settles a payment. */
export class MpesaAttemptConfirmation1764250000000 implements MigrationInterface {
  name = 'MpesaAttemptConfirmation1764250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `mpesa_attempts` ADD `confirmedAt` datetime(3) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `mpesa_attempts` DROP COLUMN `confirmedAt`');
  }
}
