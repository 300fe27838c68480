import type { z } from 'zod';

// The /v1 API's contract as data: every route with the shared zod schemas of what it takes and
// answers. The contract test checks the app against it (test/worker/contract.test.ts) and
// scripts/openapi.ts makes docs/openapi.json and docs/api.md from it, so the two cannot disagree.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone; a signed-in user (`Authorization: Bearer <access token>`); an
 * operator, signed in with a second factor (anyone else gets 404, as for a path that does not exist).
 */
export type Access = 'public' | 'user' | 'operator';

/** An answer without a JSON schema: a file, a pass, an empty 204, a redirect, the OpenAPI document. */
export interface OtherAnswer {
  readonly description: string;
  /** The media type of the body; none for an answer without a body. */
  readonly contentType?: string;
}

/** A JSON answer's schema; several when the same status can answer different shapes. */
export type Answer = z.ZodType | readonly z.ZodType[] | OtherAnswer;

export type SuccessStatus = 200 | 201 | 202 | 204 | 301;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** A file part of a multipart body: checked by its bytes on the server, so no zod schema. */
export interface FilePart {
  readonly description: string;
  readonly required: boolean;
}

export interface RequestBody {
  /** `json`: application/json; `multipart`: multipart/form-data, text fields and files. */
  readonly type: 'json' | 'multipart';
  readonly schema: z.ZodType;
  readonly files?: Readonly<Record<string, FilePart>>;
  /** A body the schema accepts (a test parses it), shown in the reference. */
  readonly example?: unknown;
}

export interface ApiRoute {
  readonly method: Method;
  /** As Hono registers it (`app.routes`): `:id` parameters, `:name{a|b}` for a choice. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** Exists only where ENVIRONMENT is development; 404 everywhere else. */
  readonly development?: true;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: RequestBody;
  readonly answers: Readonly<Partial<Record<SuccessStatus, Answer>>>;
  /**
   * The refusals this route has of its own, each with when. Those that follow from the route's
   * access, body, query and parameters (401, 404, 413, 415, 422, ...) are added by the generator.
   */
  readonly errors?: Readonly<Partial<Record<ErrorStatus, string>>>;
}

/** The routes of one resource, a section of the reference. */
export interface Resource {
  readonly name: string;
  readonly description: string;
  readonly routes: readonly ApiRoute[];
}

/** `METHOD /path`, as the contract test names a route. */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

export const isOtherAnswer = (answer: Answer): answer is OtherAnswer =>
  !Array.isArray(answer) && typeof (answer as OtherAnswer).description === 'string' && !('_zod' in answer);
