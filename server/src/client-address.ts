import ipaddr from 'ipaddr.js';

/**
 * The key one client is counted under (connections, sign-in rate limit, sessions and sandboxes per address).
 * An IPv4 address is itself; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, how a dual-stack socket
 * reports IPv4 peers) is that IPv4 address; any other IPv6 address is its /64, because one
 * subscriber or host is routinely given a whole /64 and could otherwise pick a fresh address, and
 * so a fresh key, for every request.
 */
export function clientKey(ip: string): string {
  let key = keys.get(ip);
  if (key === undefined) {
    key = keyOf(ip);
    // Every request asks (sandboxes count against it): parsing the address each time was measurable.
    if (keys.size >= 10_000) keys.clear();
    keys.set(ip, key);
  }
  return key;
}

const keys = new Map<string, string>();

function keyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
