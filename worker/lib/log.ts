type Detail = { name: string; message: string; stack?: string; cause?: Detail } | { error: unknown };

/**
 * The detail of a thrown value, fit for one JSON log line, with what it wraps (drizzle wraps
 * D1's own error, whose message says what failed) a few levels deep.
 */
export const errorDetail = (error: unknown, depth = 0): Detail => {
  if (!(error instanceof Error)) return { error };
  const cause = error.cause !== undefined && depth < 3 ? errorDetail(error.cause, depth + 1) : undefined;
  return { name: error.name, message: error.message, stack: error.stack, ...(cause ? { cause } : {}) };
};

/** A failure that no answer reports (a background write, a stream that broke after its head). */
export function logError(requestId: string, error: unknown, extra: Record<string, unknown> = {}) {
  console.error(JSON.stringify({ level: 'error', requestId, ...extra, ...errorDetail(error) }));
}
