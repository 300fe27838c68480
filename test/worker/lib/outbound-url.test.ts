import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, NOT_A_URL, NOT_HTTPS, OWN_HOST, PRIVATE_ADDRESS } from '../../../worker/lib/outbound-url';

const production = { development: false, ownHosts: ['card.example.org', 'cardlink.acme.workers.dev'] };
const development = { development: true, ownHosts: ['localhost'] };
const reason = (url: string, rules = production) => {
  const checked = checkOutboundUrl(url, rules);
  return checked.ok ? 'ok' : checked.reason;
};

describe('checkOutboundUrl', () => {
  it('lets a public https URL through, as parsed', () => {
    const checked = checkOutboundUrl('https://Hooks.Example.com:8443/in?x=1', production);
    expect(checked.ok && checked.url.href).toBe('https://hooks.example.com:8443/in?x=1');
    expect(reason('https://93.184.216.34/hook')).toBe('ok');
    expect(reason('https://[2606:4700::6810:85e5]/hook')).toBe('ok');
  });

  it('refuses private, loopback, link-local and local names in every spelling, in production', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://0.0.0.0/',
      'https://10.20.30.40/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.1.1/',
      'https://100.64.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://localhost/',
      'https://localhost./',
      'https://api.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
      'https://intranet/',
    ]) {
      expect(reason(url), url).toBe(PRIVATE_ADDRESS);
    }
    expect(reason('https://172.32.0.1/')).toBe('ok');
    expect(reason('https://192.169.0.1/')).toBe('ok');
  });

  it('refuses this deployment’s own hosts, http, credentials and what is not a URL', () => {
    expect(reason('https://card.example.org/v1/user/profile')).toBe(OWN_HOST);
    expect(reason('https://CARDLINK.acme.workers.dev./x')).toBe(OWN_HOST);
    expect(reason('http://hooks.example.com/')).toBe(NOT_HTTPS);
    expect(reason('ftp://hooks.example.com/')).toBe(NOT_HTTPS);
    expect(reason('javascript:alert(1)')).toBe(NOT_HTTPS);
    expect(reason('https://user:pass@hooks.example.com/')).toBe(NOT_A_URL);
    expect(reason('hooks.example.com/in')).toBe(NOT_A_URL);
  });

  it('in development lets http and loopback through, and nothing else private', () => {
    expect(reason('http://127.0.0.1:8787/hook', development)).toBe('ok');
    expect(reason('http://localhost:3000/hook', development)).toBe('ok');
    expect(reason('http://[::1]:3000/hook', development)).toBe('ok');
    expect(reason('http://10.0.0.1/hook', development)).toBe(PRIVATE_ADDRESS);
    expect(reason('http://169.254.169.254/', development)).toBe(PRIVATE_ADDRESS);
  });
});
