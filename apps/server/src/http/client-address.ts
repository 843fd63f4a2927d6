import { isIPv6 } from 'node:net';

/** The 16-bit groups of an IPv6 address, `::` expanded; an IPv4 tail counts as two groups. */
function ipv6Groups(address: string): string[] {
  const [plain = ''] = address.split('%'); // a zone (fe80::1%eth0) names an interface, not a host
  const split = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = plain.split('::');
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const zeros: string[] = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * Whom the per-address limits count: an IPv4 address (an IPv4-mapped IPv6 one included), or the
 * /64 network of an IPv6 one, since one subscriber line is given a whole /64 and could otherwise
 * take a fresh address for every attempt.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}
