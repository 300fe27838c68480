// The custom theme's background URL is held to the rule of link icons (shared/link-rules.ts),
// with the upload as the API answers it, which a local run serves over plain http.
import { describe, expect, it } from 'vitest';
import { isAllowedBackgroundUrl } from '../../shared/link-rules';

const SITE = ['card.example', 'localhost', '127.0.0.1'];
const UPLOAD = '/media/backgrounds/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210/1440.jpg';

describe('isAllowedBackgroundUrl', () => {
  it('lets through an https image elsewhere and this deployment’s own images, on its own scheme', () => {
    for (const url of [
      'https://images.example/bg.jpg',
      `https://card.example${UPLOAD}`,
      `http://localhost:9200${UPLOAD}`,
      `http://127.0.0.1:9200${UPLOAD}`,
      'https://card.example/icons/github.svg',
    ])
      expect({ url, allowed: isAllowedBackgroundUrl(url, SITE) }).toEqual({ url, allowed: true });
  });

  it('refuses plain http elsewhere, any other path of this deployment, and what is not a URL', () => {
    for (const url of [
      'http://images.example/bg.jpg',
      `http://images.example${UPLOAD}`,
      'https://card.example/v1/user/profile',
      'https://CARD.example./p/someone',
      'http://localhost:9200/v1/link/7/click',
      'https://[::1]/v1/auth/logout',
      UPLOAD,
      '/icons/github.svg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://images.example/bg.jpg',
      '',
    ])
      expect({ url, allowed: isAllowedBackgroundUrl(url, [...SITE, '::1']) }).toEqual({ url, allowed: false });
  });
});
