import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** The little CBOR WebAuthn needs here: unsigned and negative integers, text, bytes and maps. */
type Cbor = number | string | Uint8Array | Map<string | number, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');
/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/**
 * A platform authenticator in software, as a browser's `navigator.credentials` would answer through
 * @simplewebauthn/browser: ES256 keys, "none" attestation, discoverable credentials, user verified.
 */
export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** What both ceremonies' answers say of the credential. */
  private static describe(credential: Credential) {
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** `startRegistration()`: a new credential for the options' relying party and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const rpId = options.rp.id!;
    const credential: Credential = { id: randomBytes(32), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKey,
    ]);
    this.credentials.push(credential);
    return {
      ...SoftwareAuthenticator.describe(credential),
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(
          cbor(
            new Map<string, Cbor>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
    };
  }

  /** `startAuthentication()` with a discoverable credential: the one named, else this authenticator's last. */
  get(options: PublicKeyCredentialRequestOptionsJSON, credentialId?: string): AuthenticationResponseJSON {
    const credential = credentialId
      ? this.credentials.find((c) => b64url(c.id) === credentialId)
      : this.credentials.findLast((c) => c.rpId === options.rpId);
    if (!credential) throw new Error('No passkey for this site');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([UP | UV]), counter]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    return {
      ...SoftwareAuthenticator.describe(credential),
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        // ES256 over authenticatorData || sha256(clientDataJSON), DER-encoded as WebAuthn sends it.
        signature: b64url(sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)),
        userHandle: credential.userHandle,
      },
    };
  }
}
