import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1): about 20 ms a hash here. */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false; // a malformed stored hash never signs anybody in
  }
}
