/**
 * A software WebAuthn authenticator for API tests (test code, not product crypto): an ES256 key
 * from node:crypto per credential, attestation 'none' and assertions assembled as the WebAuthn
 * spec lays them out (authenticator data, client data JSON, a DER ECDSA signature over both),
 * with CBOR from SimpleWebAuthn's own helpers. Each part can be bent to build forged answers.
 */
import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 };

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  userHandle: string;
  counter: number;
}

export interface CeremonyTweaks {
  origin?: string;
  rpId?: string;
  type?: string;
  challenge?: string;
  isUserVerified?: boolean;
  /** Assertion only: the counter to report (default: the credential's next). */
  counter?: number;
  userHandle?: string | null;
}

/** Options as the server sends them (only what an authenticator reads). */
interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export function createSoftAuthenticator(defaults: { origin: string; rpId: string }) {
  const aaguid = Buffer.alloc(16);

  function flags(isUserVerified: boolean, extra = 0) {
    return Buffer.from([FLAGS.up | (isUserVerified ? FLAGS.uv : 0) | extra]);
  }

  /** navigator.credentials.create(): a new credential (or, given `reuseId`, one with that id) and its RegistrationResponseJSON. */
  function register(options: Options, tweaks: CeremonyTweaks & { reuseId?: Buffer } = {}) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = tweaks.reuseId ?? randomBytes(16);
    const credential: SoftCredential = {
      id,
      privateKey,
      cosePublicKey: coseKey(publicKey),
      userHandle: options.user?.id ?? '',
      counter: 0,
    };
    const rpId = tweaks.rpId ?? options.rp?.id ?? defaults.rpId;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      flags(tweaks.isUserVerified ?? true, FLAGS.at),
      u32(0),
      aaguid,
      idLength,
      id,
      credential.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = clientData(
      tweaks.type ?? 'webauthn.create',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? defaults.origin,
    );
    const response = {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
    };
    return { credential, response };
  }

  /** navigator.credentials.get() with `credential`: an AuthenticationResponseJSON. */
  function assert(credential: SoftCredential, options: Options, tweaks: CeremonyTweaks = {}) {
    const counter = tweaks.counter ?? (credential.counter += 1);
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? options.rpId ?? defaults.rpId),
      flags(tweaks.isUserVerified ?? true),
      u32(counter),
    ]);
    const clientDataJSON = clientData(
      tweaks.type ?? 'webauthn.get',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? defaults.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const userHandle = tweaks.userHandle === undefined ? credential.userHandle : tweaks.userHandle;
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
    };
  }

  return { register, assert };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
