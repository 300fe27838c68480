import { z } from 'zod';
import { dataResponse } from './responses';

// The wallet passes: GET /v1/user/wallet answers which wallets the operator
// configured (the dashboard shows only those buttons); GET /v1/user/wallet/google the save link.

export const walletAvailabilitySchema = z.object({ apple: z.boolean(), google: z.boolean() }).strict();
export type WalletAvailability = z.infer<typeof walletAvailabilitySchema>;

export const GOOGLE_SAVE_PREFIX = 'https://pay.google.com/gp/v/save/';
export const googleSaveLinkSchema = z.object({ url: z.string().startsWith(GOOGLE_SAVE_PREFIX) }).strict();
export type GoogleSaveLink = z.infer<typeof googleSaveLinkSchema>;

export const walletAvailabilityResponse = dataResponse(walletAvailabilitySchema);
export const googleSaveLinkResponse = dataResponse(googleSaveLinkSchema);
