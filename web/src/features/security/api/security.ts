import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';

// The Security section's calls (/v1/user/security). Every change carries a proof of identity:
// the current password, or a fresh code from the authenticator app.

export type Proof = { current_password?: string; code?: string };
export type Passkey = { id: string; name: string; created_at: string; last_used_at: string | null };
export type SecurityOverview = {
  email: string;
  totp_enabled: boolean;
  recovery_codes_left: number;
  passkeys: Passkey[];
};

export const securityQueryOptions = () =>
  queryOptions({
    queryKey: ['security'] as const,
    queryFn: ({ signal }) => api.get<DataResponse<SecurityOverview>>('/v1/user/security', signal).then((b) => b.data),
  });

export const useSecurity = () => useQuery(securityQueryOptions());

/**
 * A mutation that refreshes the overview once it succeeds. Not awaited: the change is made by
 * then, and on a bad network the refetch's retries took half a minute, with 'Turning on...' up
 * and the new recovery codes not shown although two-factor was already on.
 */
export function useSecurityMutation<In, Out>(call: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityQueryOptions().queryKey }),
  });
}

/** Turning the authenticator on: the overview says On from the answer, whether the refetch comes or not. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  const { queryKey } = securityQueryOptions();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: (codes) => {
      queryClient.setQueryData(
        queryKey,
        (overview) => overview && { ...overview, totp_enabled: true, recovery_codes_left: codes.length },
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}

type Setup = { secret: string; otpauth_url: string };
type Codes = { recovery_codes: string[] };

export const setupTotp = (proof: Proof) =>
  api.post<DataResponse<Setup>>('/v1/user/security/totp/setup', proof).then((b) => b.data);
export const enableTotp = (code: string) =>
  api.post<DataResponse<Codes>>('/v1/user/security/totp/enable', { code }).then((b) => b.data.recovery_codes);
export const disableTotp = (proof: Proof) => api.post<{ message: string }>('/v1/user/security/totp/disable', proof);
export const newRecoveryCodes = (proof: Proof) =>
  api.post<DataResponse<Codes>>('/v1/user/security/recovery-codes', proof).then((b) => b.data.recovery_codes);

export type PasswordChange = Proof & { password: string; password_confirmation: string };
export const changePassword = (body: PasswordChange) =>
  api.post<{ message: string }>('/v1/user/security/password', body);

export const requestEmailChange = (body: Proof & { email: string }) =>
  api.post<DataResponse<{ email: string }>>('/v1/user/security/email', body);
export const confirmEmailChange = (code: string) =>
  api.post<{ message: string }>('/v1/user/security/email/confirm', { code });

/** Adds a passkey: the server's options (after re-authentication), the browser's ceremony, the check. */
export async function addPasskey(proof: Proof & { name: string }) {
  const webauthn = await import('@/lib/webauthn');
  const { name, ...reauth } = proof;
  const options = await api.post<DataResponse<Parameters<typeof webauthn.startRegistration>[0]['optionsJSON']>>(
    '/v1/user/security/passkeys/options',
    reauth,
  );
  const response = await webauthn.startRegistration({ optionsJSON: options.data });
  return api.post<DataResponse<Passkey>>('/v1/user/security/passkeys', { name: name || undefined, response });
}

export const deletePasskey = ({ id, ...proof }: Proof & { id: string }) =>
  api.delete<{ message: string }>(`/v1/user/security/passkeys/${encodeURIComponent(id)}`, proof);
