import { EmailLinkTokenField, NewPasswordField } from './credentials.fields.js';

export class ResetPasswordDto {
  @EmailLinkTokenField()
  token!: string;

  @NewPasswordField()
  password!: string;
}
