import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Identity providers' client secrets at rest (docs/sso.md "Secrets"): AES-256-GCM with the key in
 * SSO_SECRET_KEY, a fresh 96-bit IV per secret, and the row's identity (issuer and client id) as
 * associated data, so a secret copied onto another provider's row does not decrypt.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    this.key = /^[0-9a-fA-F]{64}$/.test(keyText)
      ? Buffer.from(keyText, 'hex')
      : Buffer.from(keyText.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (this.key.length !== 32) throw new Error('SSO_SECRET_KEY must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return `v1.${parts.join('.')}`;
  }

  /** The plain secret; throws when the text was altered, moved to another row or sealed with another key. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** The associated data binding a sealed secret to its provider row. */
export const secretContext = (p: { issuer: string; clientId: string }) => `${p.issuer}\n${p.clientId}`;
