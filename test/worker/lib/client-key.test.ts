import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../../worker/lib/client-key';

// The client a bound counts (README, Decisions: bounds): an IPv4 address, or an IPv6 /64.
describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork(' 198.51.100.20 ')).toBe('198.51.100.20');
  });

  it('names an IPv6 address by its /64, however it is written', () => {
    const net = '2001:0db8:0001:0002::/64';
    for (const written of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:db8:1:2::1%eth0',
    ])
      expect(clientNetwork(written)).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(net);
    expect(clientNetwork('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
  });

  it('takes an IPv4-mapped address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::FFFF:c000:0207')).toBe('192.0.2.7');
  });

  it('keeps what is not an address as it came, so it is still one client', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('1::2::3')).toBe('1::2::3');
    expect(clientNetwork('2001:db8:zz::1')).toBe('2001:db8:zz::1');
  });
});
