// Owns the local development signing key: an RS256 key pair generated on first use and kept in
// `.local/dev-key.json` (gitignored), so tokens from `croupier token` survive server restarts.
// Never used in AWS, where the operator's identity provider signs and API Gateway verifies.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Jwk, Jwks } from './jwt.ts';

export const DEV_ISSUER = 'croupier-local';
export const DEV_AUDIENCE = 'croupier';

export const DEFAULT_DEV_KEY_PATH =
  process.env.CROUPIER_DEV_KEY ?? fileURLToPath(new URL('../../.local/dev-key.json', import.meta.url));

export interface DevKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: Jwk;
  jwks: Jwks;
}

interface DevKeyFile {
  kid: string;
  privateJwk: Jwk;
}

function fromFile(file: DevKeyFile): DevKey {
  const privateKey = createPrivateKey({ key: file.privateJwk, format: 'jwk' });
  const { kty, n, e } = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicJwk: Jwk = { kty, n, e, kid: file.kid, alg: 'RS256', use: 'sig' };
  return { kid: file.kid, privateKey, publicJwk, jwks: { keys: [publicJwk] } };
}

const cache = new Map<string, DevKey>();

export function loadDevKey(path: string = DEFAULT_DEV_KEY_PATH): DevKey {
  const cached = cache.get(path);
  if (cached) return cached;
  let file: DevKeyFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as DevKeyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    file = { kid: `dev-${randomUUID().slice(0, 8)}`, privateJwk: privateKey.export({ format: 'jwk' }) };
    mkdirSync(dirname(path), { recursive: true });
    // Write then rename: a server and a CLI starting together never read half a file.
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(file, null, 2), { mode: 0o600 });
    renameSync(temporary, path);
  }
  const key = fromFile(file);
  cache.set(path, key);
  return key;
}
