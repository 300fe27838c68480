import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the bounds decided during one request, for its answer's headers (docs/decisions/0090):
 * the IETF `RateLimit-Policy` and `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers) and,
 * on a refusal, `Retry-After`. The bounds live in services, which never see the request; they
 * note here what they decided and the request middleware writes the headers, so every bounded
 * route gets them from the one helper that decides a bound (services/attempts.ts).
 */
export type LimitState = {
  /** The policy's name in both fields: what is counted and over how long (`login_failure_client_15m`). */
  policy: string;
  /** `q`: attempts the window allows. */
  quota: number;
  /** `w`: the window, in seconds. */
  windowSeconds: number;
  /** `r`: attempts left now. */
  remaining: number;
  /** `t`: seconds within which no more than `remaining` can be used (until the oldest counted attempt leaves the window). */
  resetSeconds: number;
  /** The attempt row this request took under the policy, so giving it back raises `remaining` again. */
  reservation?: number;
};

type Notes = { limits: Map<string, LimitState>; retryAfter?: number };

const current = new AsyncLocalStorage<Notes>();

/** Runs one request with a place for its bounds' notes; answers them once it is done. */
export async function withLimitNotes(run: () => Promise<void>): Promise<Notes> {
  const notes: Notes = { limits: new Map() };
  await current.run(notes, run);
  return notes;
}

/**
 * Notes the state of bounds after a request took (or was refused) an attempt under them. Only
 * bounds counted for the caller's own client, device or account are advertised; `retryAfter`
 * (seconds) is set by a refusal. Outside a request (a script, a job) nothing is noted.
 */
export function noteLimits(advertised: LimitState[], retryAfter?: number) {
  const notes = current.getStore();
  if (!notes) return;
  for (const state of advertised) notes.limits.set(state.policy, state);
  if (retryAfter !== undefined) notes.retryAfter = Math.max(notes.retryAfter ?? 0, retryAfter);
}

/** Attempts given back (the try succeeded): each policy they were taken under has one more left. */
export function noteReleased(ids: number[]) {
  const notes = current.getStore();
  if (!notes) return;
  for (const state of notes.limits.values()) {
    if (state.reservation !== undefined && ids.includes(state.reservation)) {
      state.remaining = Math.min(state.quota, state.remaining + 1);
      state.reservation = undefined;
    }
  }
}

/** A policy name for a kind of attempt and its window: `reset_mail_1h`, `reset_mail_2m`. */
export function policyName(kind: string, windowMs: number) {
  const seconds = Math.round(windowMs / 1000);
  const [amount, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'd']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'h']
        : seconds % 60 === 0
          ? [seconds / 60, 'm']
          : [seconds, 's'];
  return `${kind}_${amount}${unit}`;
}

/**
 * The two fields, as Structured Field lists: `RateLimit-Policy: "name";q=10;w=900` and
 * `RateLimit: "name";r=3;t=42`, one item per policy. Nothing when no bound was advertised.
 */
export function rateLimitFields(notes: Notes): { policy: string; limit: string } | null {
  const states = [...notes.limits.values()];
  if (states.length === 0) return null;
  return {
    policy: states.map((s) => `"${s.policy}";q=${s.quota};w=${s.windowSeconds}`).join(', '),
    limit: states.map((s) => `"${s.policy}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
}
