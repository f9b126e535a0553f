import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which outbound addresses a tenant may point svc at (SSRF). A BYOK `base_url` set by an org admin may
 * reach only public addresses: never loopback, link-local (169.254.x.x: cloud metadata), private,
 * carrier-grade NAT, multicast or reserved ranges — checked on the resolved address when the socket
 * connects, so a DNS record changed after the URL was saved cannot point it inside the network.
 */
type Range = 'loopback' | 'link-local' | 'private' | 'reserved';

/** Every internal range, with the word a refusal uses for it: THE table both the check and the message come from. */
const internalRanges: ReadonlyArray<[network: string, prefix: number, range: Range]> = [
  ['127.0.0.0', 8, 'loopback'],
  ['::1', 128, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['fe80::', 10, 'link-local'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['fc00::', 7, 'private'],
  ['0.0.0.0', 8, 'reserved'],
  ['100.64.0.0', 10, 'reserved'], // carrier-grade NAT
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'reserved'], // multicast
  ['240.0.0.0', 4, 'reserved'],
  ['::', 128, 'reserved'],
  ['64:ff9b::', 96, 'reserved'], // NAT64
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'reserved'], // multicast
];

const blockLists = new Map<Range, BlockList>();
for (const [network, prefix, range] of internalRanges) {
  let list = blockLists.get(range);
  if (!list) blockLists.set(range, (list = new BlockList()));
  list.addSubnet(network, prefix, isIP(network) === 4 ? 'ipv4' : 'ipv6');
}

/** IPv4 written inside IPv6 (`::ffff:127.0.0.1`, `::127.0.0.1`, `::ffff:7f00:1`): judged as the IPv4 address it carries. */
const embeddedIpv4 = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i;
const embeddedIpv4Hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

function unwrapIpv4(address: string): string {
  const dotted = embeddedIpv4.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = embeddedIpv4Hex.exec(address);
  if (!hex) return address;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The range an internal address falls in, in words; undefined for a public address. */
export function internalRangeOf(address: string): string | undefined {
  const bare = unwrapIpv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  for (const [range, list] of blockLists) if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return range;
  return undefined;
}

/** Thrown when a guarded connection would reach an internal address. */
export class OutboundAddressRefused extends Error {
  readonly code = 'SVC_OUTBOUND_REFUSED';
  constructor(host: string, address: string, range: string) {
    super(`${host} resolves to ${address}, a ${range} address: only public addresses may be reached from a tenant's base_url`);
    this.name = 'OutboundAddressRefused';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connect that resolves every address of the host and refuses the connection when
 * any of them is internal (a host answering with one public and one private address is refused too: the
 * socket might pick either).
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, family: typeof options.family === 'number' ? options.family : 0 }, (error, addresses) => {
    if (error) return callback(error, []);
    for (const { address } of addresses) {
      const range = internalRangeOf(address);
      if (range) return callback(new OutboundAddressRefused(hostname, address, range) as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    return callback(null, first.address, first.family);
  });
}

/** Resolves a host's addresses once (at save time) and names the first internal one, if any. */
export async function firstInternalAddress(hostname: string): Promise<{ address: string; range: string } | undefined> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    const range = internalRangeOf(bare);
    return range ? { address: bare, range } : undefined;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(bare, { all: true }, (error, found) => (error ? reject(error) : resolve(found))));
  for (const { address } of addresses) {
    const range = internalRangeOf(address);
    if (range) return { address, range };
  }
  return undefined;
}

/**
 * The platform's allow-list (config `security.byok_allowed_hosts`): host names (`mock.internal`,
 * `mock.internal:8443`), IP addresses and CIDR ranges (`10.1.0.0/16`) a tenant's base_url may reach even
 * though they are internal or plain http.
 */
export class OutboundAllowList {
  private readonly hosts = new Set<string>();
  private readonly ranges = new BlockList();
  private hasRanges = false;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [network, prefix] = entry.split('/');
      const family = isIP(network);
      if (family !== 0 && prefix !== undefined) {
        this.ranges.addSubnet(network, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
        this.hasRanges = true;
      } else if (family !== 0) {
        this.ranges.addAddress(network, family === 4 ? 'ipv4' : 'ipv6');
        this.hasRanges = true;
      } else {
        this.hosts.add(entry.toLowerCase());
      }
    }
  }

  /** Whether a URL's host (with or without its port) is allowed as it is. */
  allows(url: URL): boolean {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (this.hosts.has(host) || this.hosts.has(`${host}:${url.port}`)) return true;
    const family = isIP(host);
    return this.hasRanges && family !== 0 && this.ranges.check(host, family === 4 ? 'ipv4' : 'ipv6');
  }
}
