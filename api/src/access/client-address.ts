import { isIPv6 } from 'node:net';

/**
 * The address abuse limits count a client by. An IPv4 address is itself (an IPv4 client reaching
 * a dual-stack server as ::ffff:a.b.c.d included); an IPv6 client holds a whole /64, so it is
 * counted by that /64, or it could step round every limit by changing its address.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
