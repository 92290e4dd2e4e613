import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software passkey authenticator for tests: what a browser and an authenticator answer to WebAuthn options
 * (the JSON @simplewebauthn/browser sends), with real P-256 keys (ES256), 'none' attestation and a signature
 * counter, so that the server's library verifies it as it would a real one. Its origin and the challenge it signs
 * can be set, to play a phishing site or a replay.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: string;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: Array<{ id: string }>;
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

/** What the browser would put in the answer other than the authenticator's: a phishing page's origin, say. */
export interface Tampering {
  origin?: string;
  challenge?: string;
  /** The signature counter to report (a cloned authenticator's is behind). */
  counter?: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** The answer of navigator.credentials.create() to registration options; a new credential is kept. */
  register(options: CreationOptions, tampering: Tampering = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    if (options.excludeCredentials?.some((c) => this.credentials.some((own) => own.id === c.id)))
      throw new Error('InvalidStateError: the authenticator holds an excluded credential');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const rawId = randomBytes(32);
    const credential: Credential = { id: b64url(rawId), privateKey, cosePublicKey, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      this.authenticatorData(rpId, FLAG_ATTESTED_CREDENTIAL, tampering.counter ?? 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<number, number>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, tampering),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * The answer of navigator.credentials.get() with one of its credentials the options allow (or `credentialId`
   * when given, allowed or not); the signature counter moves on by one.
   */
  assert(options: RequestOptions, tampering: Tampering = {}, credentialId?: string) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = this.credentials.find((c) =>
      credentialId ? c.id === credentialId : !allowed || allowed.includes(c.id),
    );
    if (!credential) throw new Error('NotAllowedError: no credential of this authenticator is allowed');
    credential.counter += 1;
    const authData = this.authenticatorData(rpId, 0, tampering.counter ?? credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tampering);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      { key: credential.privateKey, dsaEncoding: 'der' },
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private authenticatorData(rpId: string, flags: number, counter: number): Buffer {
    const header = Buffer.alloc(37);
    sha256(rpId).copy(header, 0);
    header.writeUInt8(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | flags, 32);
    header.writeUInt32BE(counter, 33);
    return header;
  }

  private clientData(type: string, challenge: string, tampering: Tampering): string {
    return b64url(
      JSON.stringify({
        type,
        challenge: tampering.challenge ?? challenge,
        origin: tampering.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
