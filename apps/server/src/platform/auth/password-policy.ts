import { newPasswordSchema } from '@kestrel/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The rules for a new password, checked on the server wherever a password is set — changing it
 * now; a reset and self-registration must call `newPasswordProblem` too, so that there is one
 * policy. The length rules (12 to 256 characters, at least 5 different ones) are the contract's
 * `newPasswordSchema`, which the web form shows as well; the list of common passwords stays on
 * the server (it is half a megabyte).
 *
 * Common passwords: the ~49,000 most used passwords of @zxcvbn-ts/language-common (zxcvbn's list,
 * from leaked password corpora), compared without regard to case.
 */
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
};

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

export interface PasswordContext {
  /** The account's e-mail address: its name part must not be in the password. */
  email?: string;
  /** The password being replaced, when there is one: the new one must differ. */
  currentPassword?: string;
}

/** Why `password` may not become a password (a sentence for the user), or null when it may. */
export function newPasswordProblem(password: string, context: PasswordContext = {}): string | null {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return `${shape.error.issues[0]?.message ?? 'The new password is not allowed'}.`;
  if (isCommonPassword(password)) {
    return 'The new password is on a list of the most commonly used passwords, which are guessed first. Choose another: a few unrelated words make a strong one.';
  }
  if (context.currentPassword !== undefined && password === context.currentPassword) {
    return 'The new password must differ from the current one.';
  }
  const mailName = context.email?.split('@')[0]?.toLowerCase() ?? '';
  if (mailName.length >= 4 && password.toLowerCase().includes(mailName)) {
    return 'The new password must not contain your e-mail name.';
  }
  return null;
}
