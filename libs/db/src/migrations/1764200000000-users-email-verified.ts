import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users learn when their e-mail was proven theirs, so Google sign-in links only to proven accounts. */
export class UsersEmailVerified1764200000000 implements MigrationInterface {
  name = 'UsersEmailVerified1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `users` ADD `emailVerifiedAt` datetime(3) NULL');
    // A Google account created or linked these accounts, and Google had verified the address; when it
    // linked is not recorded, so the account's creation stands in for it.
    await queryRunner.query('UPDATE `users` SET `emailVerifiedAt` = `createdAt` WHERE `googleSubject` IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `users` DROP COLUMN `emailVerifiedAt`');
  }
}
