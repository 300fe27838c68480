import { http, HttpResponse } from 'msw';
import { googleSaveLinkResponse, walletAvailabilityResponse, type WalletAvailability } from '@shared/schemas/wallet';
import { GOOGLE_SAVE_URL } from '../fixtures';
import { answer } from './answer';

/** The wallets an operator configured: GET /v1/user/wallet, and each wallet's pass or link. */
export const walletsAre = (wallets: WalletAvailability) => [
  http.get('/v1/user/wallet', () => answer(walletAvailabilityResponse, { success: true, data: wallets })),
  http.get('/v1/user/wallet/google', () =>
    answer(googleSaveLinkResponse, { success: true, data: { url: GOOGLE_SAVE_URL } }),
  ),
  // A .pkpass is a zip: its first bytes are the zip signature.
  http.get(
    '/v1/user/wallet/apple',
    () =>
      new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: { 'Content-Type': 'application/vnd.apple.pkpass' },
      }),
  ),
];
