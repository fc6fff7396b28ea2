import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ConversationID Daraja gave the shop's last Transaction Status query of an attempt: only its result is believed. */
export class MpesaStatusConversation1764350000000 implements MigrationInterface {
  name = 'MpesaStatusConversation1764350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `mpesa_attempts` ADD `statusConversationId` varchar(100) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `mpesa_attempts` DROP COLUMN `statusConversationId`');
  }
}
