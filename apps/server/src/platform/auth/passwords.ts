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

/** Spent on unknown e-mails so that a wrong address takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('kestrel-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
