import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse } from '@shared/types';
import type { GoogleSaveLink, WalletAvailability } from '@shared/schemas/wallet';
import { api, apiBlob } from '@/lib/api-client';

// The wallet passes of the owner's card (/v1/user/wallet): which wallets the operator configured,
// the Google Wallet save link, and the Apple Wallet pass file.

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet'] as const,
    queryFn: ({ signal }) => api.get<DataResponse<WalletAvailability>>('/v1/user/wallet', signal).then((b) => b.data),
    staleTime: Infinity,
  });

export const useWallet = () => useQuery(walletQueryOptions());

/**
 * The save link is signed for the card as it is now, so it is asked for again whenever the
 * panel is shown (the card may have changed since).
 */
export const googleLinkQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'google'] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<GoogleSaveLink>>('/v1/user/wallet/google', signal).then((b) => b.data.url),
    staleTime: 0,
  });

export const useGoogleLink = (enabled: boolean) => useQuery({ ...googleLinkQueryOptions(), enabled });

/** The .pkpass of the owner's card; Safari on iPhone and Mac offers to add a downloaded pass. */
export const fetchApplePass = () => apiBlob('/v1/user/wallet/apple');
