import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the library exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

// argon2id with the library's defaults (19 MiB, t=2): ~15 ms a hash on our machines.
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}

/**
 * One verification against a stand-in hash (same algorithm and cost as the real ones), spent on
 * sign-ins that have no password to check (unknown address, SSO or password-less account), so
 * that they take as long as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
const standIn = () => {
  dummyHash ??= hashPassword('kestrel-timing-equaliser');
  return dummyHash;
};
export async function burnVerifyTime(password: string): Promise<void> {
  await verifyPassword(await standIn(), password);
}

/** Make the stand-in hash before the first sign-in, so that the first such sign-in is not slower. */
export async function prepareBurnVerifyTime(): Promise<void> {
  await standIn();
}
