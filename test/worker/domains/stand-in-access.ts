// The stand-in's keys (cloudflare-stand-in.ts), apart from its server so workerd can import them.
export const STAND_IN_TOKEN = 'stand-in-token-for-tests';
export const STAND_IN_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
