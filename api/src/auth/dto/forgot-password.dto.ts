import { EmailField } from './credentials.fields.js';

export class ForgotPasswordDto {
  @EmailField()
  email!: string;
}
