/**
 * Password hashing under NODE_ENV=test: better-auth's own scheme (scrypt, `salt:key` in hex, the
 * password NFKC-normalised) at a lower work factor, N = 2^10 instead of 2^14.
 *
 * Production and development keep better-auth's default (N = 2^14, r = 16: ~0.2 CPU-seconds a
 * hash on a 2-core machine, which is the point of it). A test run signs up and in hundreds of
 * users, and that cost would be minutes of CPU spent proving nothing about the product — the same
 * trade Rails makes with bcrypt's minimum cost in tests. A test database is never read by a
 * production server, so the two work factors never meet.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const PARAMS = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export const testPasswordHash = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
