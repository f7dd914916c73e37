import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './errors.ts';

// argon2id with OWASP ASVS parameters (m=19 MiB, t=2, p=1). 2 = Algorithm.Argon2id (a const enum).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('enamel-timing-equaliser');
  return dummyHash;
}

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** True for the ~50,000 most common passwords (zxcvbn's list). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The new-password rule of reset, change, and a user's create or edit: confirmation matches, not a common password. */
export function checkNewPassword(password: string, confirmation: string): void {
  if (password !== confirmation) throw invalid('password_confirmation', 'auth.password_confirmation');
  if (isCommonPassword(password)) throw invalid('password', 'auth.password_common');
}
