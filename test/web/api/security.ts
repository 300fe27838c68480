import { http } from 'msw';
import {
  emailChangeStartedResponse,
  passkeysResponse,
  recoveryCodesResponse,
  securityOverviewResponse,
  totpSetupResponse,
  type SecurityOverview,
} from '@shared/schemas/security';
import { otherSessionsEndedResponse, sessionsResponse, type Session } from '@shared/schemas/sessions';
import { apiTokenCreatedResponse, apiTokensResponse, type ApiToken } from '@shared/schemas/tokens';
import { aSecurityOverview, aUser } from '../fixtures';
import { answer, done } from './answer';
import { userAnswer } from './profile';
import { dropSession } from './session';

/** GET /v1/user/security answers this overview. */
export const securityIs = (overview: SecurityOverview) =>
  http.get('/v1/user/security', () => answer(securityOverviewResponse, { success: true, data: overview }));

/** GET /v1/user/sessions lists these sessions; ending them answers as the Worker does. */
export const sessionsAre = (sessions: Session[]) => [
  http.get('/v1/user/sessions', () => answer(sessionsResponse, { success: true, data: sessions })),
  http.delete('/v1/user/sessions', () =>
    answer(otherSessionsEndedResponse, {
      success: true,
      message: 'Signed out of all other sessions',
      data: { ended: sessions.filter((session) => !session.current).length },
    }),
  ),
  http.delete('/v1/user/sessions/:id', () => done('Session ended')),
];

/**
 * The account's API tokens, starting as `initial` and changed as the Worker would: a new one at
 * the end (its secret in the answer only), a revoked one gone.
 */
export function tokensAre(initial: ApiToken[] = []) {
  let stored = [...initial];
  return [
    http.get('/v1/user/tokens', () => answer(apiTokensResponse, { success: true, data: stored })),
    http.post('/v1/user/tokens', async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        scopes: ApiToken['scopes'];
        card_ids: string[] | null;
        expires_in_days: number | null;
      };
      const token: ApiToken = {
        id: `token-${stored.length + 1}`,
        name: body.name,
        scopes: body.scopes,
        cards: body.card_ids?.map((id) => ({ id, username: id === 'u1' ? 'jane' : id })) ?? null,
        created_at: '2026-03-01T10:00:00.000Z',
        expires_at: body.expires_in_days ? '2026-03-31T10:00:00.000Z' : null,
        last_used_on: null,
        last_used_country: null,
      };
      stored = [...stored, token];
      return answer(
        apiTokenCreatedResponse,
        {
          success: true,
          message: 'Token created. Copy it now: it will not be shown again.',
          data: { ...token, token: 'cl_pat_Q2FyZGxpbmsgdGVzdCBzZWNyZXQgb25seSEhISEhISEhISE' },
        },
        { status: 201 },
      );
    }),
    http.delete('/v1/user/tokens/:id', ({ params }) => {
      stored = stored.filter((token) => token.id !== params.id);
      return done('Token revoked');
    }),
  ];
}

const RECOVERY_CODES = ['abcde-fghjk', 'lmnpq-rstvw'];

/** The Security and Settings sections and the account itself: every change answered as made. */
export const securityHandlers = [
  securityIs(aSecurityOverview()),
  ...sessionsAre([]),
  ...tokensAre([]),
  http.get('/v1/user/security/passkeys', () => answer(passkeysResponse, { success: true, data: [] })),
  http.post('/v1/user/security/totp/setup', () =>
    answer(totpSetupResponse, {
      success: true,
      message: 'Scan the QR code with your authenticator app.',
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Cardlink:jane?secret=JBSWY3DPEHPK3PXP' },
    }),
  ),
  http.post('/v1/user/security/totp/enable', () =>
    answer(recoveryCodesResponse, {
      success: true,
      message: 'Two-factor sign-in is on.',
      data: { recovery_codes: RECOVERY_CODES },
    }),
  ),
  http.post('/v1/user/security/totp/disable', () => done('Two-factor sign-in is off.')),
  http.post('/v1/user/security/recovery-codes', () =>
    answer(recoveryCodesResponse, {
      success: true,
      message: 'New recovery codes created.',
      data: { recovery_codes: RECOVERY_CODES },
    }),
  ),
  http.post('/v1/user/security/password', () => done('Password changed successfully')),
  http.post('/v1/user/security/email', async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    return answer(
      emailChangeStartedResponse,
      { success: true, message: `We sent a 6-digit code to ${email}.`, data: { email } },
      { status: 202 },
    );
  }),
  http.post('/v1/user/security/email/confirm', () =>
    userAnswer(aUser({ email: 'grace@example.com' }), 'Email address updated successfully'),
  ),
  // The account's sessions end with it, and the Worker clears the browser's cookies.
  http.delete('/v1/user', () => {
    dropSession();
    return done('Your account has been deleted.');
  }),
];
