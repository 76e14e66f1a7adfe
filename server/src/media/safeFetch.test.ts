/** The SSRF guard: which addresses and URLs are refused, and that sockets go where the check said. */
import { once } from 'node:events';
import net from 'node:net';
import { AppError } from '@tessera/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeImageFetcher, type DialTarget, isBlockedAddress, pinnedDial, pinnedLookup, safeFetchImage } from './safeFetch.ts';

describe('isBlockedAddress', () => {
  it.each([
    ['127.0.0.1'],
    ['127.1'],
    ['0177.0.0.1'],
    ['0x7f000001'],
    ['2130706433'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:10.0.0.1'],
    ['169.254.169.254'],
    ['0.0.0.0'],
    ['::'],
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['192.168.1.1'],
    ['100.64.0.1'],
    ['100.127.255.254'],
    ['fc00::1'],
    ['fd12:3456:789a::1'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['224.0.0.1'],
    ['ff02::1'],
    ['255.255.255.255'],
    ['192.0.2.1'], // documentation
    ['198.51.100.7'], // documentation
    ['203.0.113.9'], // documentation
    ['2001:db8::1'], // documentation
    ['198.18.0.1'], // benchmarking
    ['240.0.0.1'], // reserved
    ['::127.0.0.1'], // IPv4-compatible: ::/96 carries the IPv4 address in its last 32 bits
    ['::7f00:1'],
    ['::10.0.0.1'],
    ['::169.254.169.254'],
    ['::0.0.0.0'],
    ['0:0:0:0:0:0:7f00:1'],
    ['::ffff:0:127.0.0.1'], // SIIT (RFC 6145)
    ['64:ff9b::7f00:1'], // NAT64 of 127.0.0.1
    ['64:ff9b::127.0.0.1'],
    ['64:ff9b::a00:1'], // NAT64 of 10.0.0.1
    ['64:ff9b::a9fe:a9fe'], // NAT64 of 169.254.169.254
    ['64:ff9b:1::a00:1'], // local-use NAT64 (RFC 8215)
    ['64:ff9b::808:808'], // NAT64 of a public address: the translator may sit inside our network
    ['2002:7f00:1::1'], // 6to4 of 127.0.0.1
    ['2002:a00:1::1'], // 6to4 of 10.0.0.1
    ['2002:c0a8:101::'], // 6to4 of 192.168.1.1
    ['2002:808:808::1'], // 6to4 of a public address: a relay, not the host
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'], // Teredo
    ['not an address'],
    [''],
  ])('blocks %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each([['8.8.8.8'], ['1.1.1.1'], ['93.184.215.14'], ['172.32.0.1'], ['100.128.0.1'], ['2606:4700::1111'], ['2001:4860:4860::8888'], ['::ffff:8.8.8.8'], ['::8.8.8.8']])(
    'allows the public address %s',
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );
});

/** A fetcher whose sockets are recorded and never opened: a refused URL must not reach dial. */
function recordingFetcher(names: Record<string, string[]> = {}) {
  const dialed: DialTarget[] = [];
  const resolved: string[] = [];
  const fetcher = createSafeImageFetcher({
    resolve: async (host) => {
      resolved.push(host);
      const answer = names[host];
      if (!answer) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return answer;
    },
    dial: (target) => {
      dialed.push(target);
      throw new Error('no network in this test');
    },
  });
  return { fetcher, dialed, resolved };
}

async function appCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.catalogueCode;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('safeFetchImage refuses URLs', () => {
  it.each([
    ['http://127.1/'],
    ['http://0177.0.0.1/'],
    ['http://0x7f000001/'],
    ['http://2130706433/'],
    ['http://127.0.0.1:8080/a.png'],
    ['http://[::1]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:7f00:1]/'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://0.0.0.0/'],
    ['http://[::]/'],
    ['http://10.0.0.8/'],
    ['http://192.168.0.1/router.png'],
    ['http://localhost/'],
    ['http://LOCALHOST:3000/'],
    ['http://app.localhost/'],
    ['http://127.0.0.1./'],
    ['http://%31%32%37.0.0.1/'],
    ['file:///etc/passwd'],
    ['ftp://example.com/a.png'],
    ['gopher://example.com/'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['javascript:alert(1)'],
    ['http://user:pass@example.com/a.png'],
    ['http://user@example.com/a.png'],
    ['not a url'],
    ['//example.com/a.png'],
    [`http://example.com/${'a'.repeat(3_000)}`],
  ])('%s → INVALID_IMAGE_URL, no connection', async (url) => {
    const { fetcher, dialed } = recordingFetcher({ 'example.com': ['93.184.215.14'] });
    expect(await appCodeOf(fetcher(url))).toBe('INVALID_IMAGE_URL');
    expect(dialed).toEqual([]);
  });

  it('refuses a public-looking name that resolves to loopback (127.0.0.1.nip.io)', async () => {
    const { fetcher, dialed, resolved } = recordingFetcher({ '127.0.0.1.nip.io': ['127.0.0.1'] });
    expect(await appCodeOf(fetcher('http://127.0.0.1.nip.io/cat.png'))).toBe('INVALID_IMAGE_URL');
    expect(resolved).toEqual(['127.0.0.1.nip.io']);
    expect(dialed).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const { fetcher, dialed } = recordingFetcher({ 'mixed.example': ['93.184.215.14', '10.0.0.5'], 'mapped.example': ['2606:4700::1111', '::ffff:169.254.169.254'] });
    expect(await appCodeOf(fetcher('http://mixed.example/a.png'))).toBe('INVALID_IMAGE_URL');
    expect(await appCodeOf(fetcher('https://mapped.example/a.png'))).toBe('INVALID_IMAGE_URL');
    expect(dialed).toEqual([]);
  });

  it('dials only the checked addresses, resolved once, keeping the name for SNI and Host', async () => {
    const { fetcher, dialed, resolved } = recordingFetcher({ 'images.example': ['93.184.215.14', '2606:4700::1111'] });
    // The dial stand-in throws, so the fetch fails as a download failure after dialing.
    expect(await appCodeOf(fetcher('https://images.example/cat.png'))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(resolved).toEqual(['images.example']);
    expect(dialed).toEqual([{ host: 'images.example', port: 443, addresses: ['93.184.215.14', '2606:4700::1111'], tls: true }]);
  });

  it('fails with IMAGE_DOWNLOAD_FAILED when a name does not resolve', async () => {
    const { fetcher, dialed } = recordingFetcher();
    expect(await appCodeOf(fetcher('http://nowhere.example/a.png'))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(dialed).toEqual([]);
  });

  it('the production fetcher refuses loopback too', async () => {
    expect(await appCodeOf(safeFetchImage('http://127.0.0.1:9/a.png'))).toBe('INVALID_IMAGE_URL');
    expect(await appCodeOf(safeFetchImage('http://localhost:9/a.png'))).toBe('INVALID_IMAGE_URL');
  });
});

describe('pinned connections', () => {
  let server: net.Server;
  let port: number;
  beforeAll(async () => {
    server = net.createServer((socket) => socket.end('pinned\n'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('pinnedLookup answers with the checked addresses whatever name is asked', () => {
    const lookup = pinnedLookup(['93.184.215.14', '2606:4700::1111']);
    const single: unknown[] = [];
    lookup('attacker.example', {}, (...args) => single.push(args));
    expect(single).toEqual([[null, '93.184.215.14', 4]]);
    const all: unknown[] = [];
    lookup('attacker.example', { all: true }, (...args) => all.push(args));
    expect(all).toEqual([
      [
        null,
        [
          { address: '93.184.215.14', family: 4 },
          { address: '2606:4700::1111', family: 6 },
        ],
      ],
    ]);
    const v6: unknown[] = [];
    lookup('attacker.example', { family: 6 }, (...args) => v6.push(args));
    expect(v6).toEqual([[null, '2606:4700::1111', 6]]);
  });

  it('pinnedDial connects to the pinned address without asking DNS for the name', async () => {
    // `.invalid` never resolves (RFC 6761): reaching the server proves DNS was not consulted.
    const socket = pinnedDial({ host: 'images.invalid', port, addresses: ['127.0.0.1'], tls: false });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'end');
    expect(Buffer.concat(chunks).toString()).toBe('pinned\n');
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });
});
