import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

/** One message the stand-in push service got. */
export interface PushedMessage {
  /** The path the message was posted to (one per subscription). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

/**
 * A local stand-in for a browser's push service (RFC 8030): a real HTTPS server on loopback under
 * the name `push.test` (a certificate made with openssl for that name, which the app is told to
 * trust), recording every message and answering `status` (201 unless set), or `statusFor[path]`.
 */
export interface PushService {
  /** `https://push.test:<port>` (the VAPID audience). */
  origin: string;
  /** The certificate to trust (PEM). */
  ca: string;
  received: PushedMessage[];
  status: number;
  statusFor: Record<string, number>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=push.test',
      '-addext',
      'subjectAltName=DNS:push.test',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  const service: PushService = {
    origin: '',
    ca: cert,
    received: [],
    status: 201,
    statusFor: {},
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = service.statusFor[req.url ?? ''] ?? service.status;
      service.received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `https://push.test:${(server.address() as AddressInfo).port}`;
  return service;
}

/** A browser's side of one subscription: its keys, and what it would send to the app. */
export interface TestDevice {
  ecdh: ECDH;
  auth: Buffer;
  path: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** Makes a subscription at `service` as a browser would (a P-256 key pair and a 16-byte secret). */
export function makeDevice(service: PushService): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/wpush/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${service.origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** Decrypts a message for `device` (aes128gcm, RFC 8291) with `http_ece`; the JSON inside. */
export function openMessage(device: TestDevice, message: PushedMessage): unknown {
  const plain = decrypt(message.body, {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}

/**
 * Checks a message's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is `publicKey`,
 * the JWT's ES256 signature verifies with it, `aud` is the service's origin, `exp` is in the
 * future (and at most 24 hours ahead), `sub` a mailto: or https: URL.
 * @throws Error naming what is wrong.
 */
export function checkVapid(message: PushedMessage, publicKey: string, origin: string): void {
  const header = String(message.headers.authorization ?? '');
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the header carries another key');
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not verify');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, expected ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
}
