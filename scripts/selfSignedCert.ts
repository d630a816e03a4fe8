import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway self-signed certificate for 127.0.0.1 valid for a day, made by openssl in a new temporary folder,
 * for the server's TLS tests and the bench: no key is ever committed.
 */
export function selfSignedCert(): { certFile: string; keyFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'seller-desk-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject, '-keyout', keyFile, '-out', certFile],
    {
      stdio: 'ignore',
    },
  );
  return { certFile, keyFile };
}
