import { EmailField, NewPasswordField, UserNameField } from './credentials.fields.js';

export class RegisterDto {
  @UserNameField()
  userName!: string;

  @EmailField()
  email!: string;

  @NewPasswordField()
  password!: string;
}
