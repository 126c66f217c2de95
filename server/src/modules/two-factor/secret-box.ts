/**
 * TOTP secrets at rest: encrypted with the app's auth secret by better-auth's symmetricEncrypt
 * (XChaCha20-Poly1305), a kept implementation (ADR 075). A copy of the database alone does not
 * give anyone the codes.
 */
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';

export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export function createSecretBox(key: string): SecretBox {
  return {
    seal: (plain) => symmetricEncrypt({ key, data: plain }),
    open: (sealed) => symmetricDecrypt({ key, data: sealed }),
  };
}
