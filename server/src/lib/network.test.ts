import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('puts every IPv6 address of one /64 in the same network', () => {
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(networkOf('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(networkOf('::ffff:c633:6404')).toBe('198.51.100.4');
  });
});
