import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';

// The plain field and the password field are shared with Security and Your data; the sign-in
// screens import them from here too.
export { PasswordField, TextField };
