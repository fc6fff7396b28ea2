import { EmailLinkTokenField } from './credentials.fields.js';

export class VerifyEmailDto {
  @EmailLinkTokenField()
  token!: string;
}
