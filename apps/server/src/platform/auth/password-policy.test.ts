import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordProblem } from './password-policy';

describe('new password policy', () => {
  it('refuses passwords on the common-passwords list, whatever their case', () => {
    for (const p of ['password1234', 'Password1234', 'PASSWORD1234', 'qwertyuiop123', '123456789012']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(newPasswordProblem(p), p).toMatch(/most commonly used passwords/);
    }
  });

  it('accepts a long password that is on no list', () => {
    expect(isCommonPassword('granite-lantern-1987')).toBe(false);
    expect(newPasswordProblem('granite-lantern-1987')).toBeNull();
    expect(newPasswordProblem('correct horse battery staple')).toBeNull();
  });

  it('asks for 12 characters and a few different ones (the contract’s rules)', () => {
    expect(newPasswordProblem('abcdefghijk')).toMatch(/at least 12 characters/);
    expect(newPasswordProblem('abababababababab')).toMatch(/too few different characters/);
    expect(newPasswordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });

  it('refuses the current password and one containing the e-mail name', () => {
    const context = { email: 'jordan.blake@example.com', currentPassword: 'granite-lantern-1987' };
    expect(newPasswordProblem('granite-lantern-1987', context)).toMatch(/differ from the current/);
    expect(newPasswordProblem('my name is Jordan.Blake!', context)).toMatch(/e-mail name/);
    expect(newPasswordProblem('basalt-harbour-2041', context)).toBeNull();
  });
});
