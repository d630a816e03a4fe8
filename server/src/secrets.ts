import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Keys derived from SESSION_SECRET, one per purpose, so no key serves two uses. */
export function deriveKey(secret: string, purpose: 'cookie-signing' | 'token-encryption'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'seller-desk', purpose, 32));
}

/** AES-256-GCM for tokens at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export interface Cipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createCipher(key: Buffer): Cipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Random identifiers (session ids, OAuth state) and the hash the store keeps instead of them. */
export const randomId = (): string => randomBytes(32).toString('base64url');
export const hashId = (id: string): string => createHash('sha256').update(id).digest('base64url');
