/** The detail of a thrown value, fit for one JSON log line. */
export const errorDetail = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { error };

/** A failure that no answer reports (a background write, a stream that broke after its head). */
export function logError(requestId: string, error: unknown, extra: Record<string, unknown> = {}) {
  console.error(JSON.stringify({ level: 'error', requestId, ...extra, ...errorDetail(error) }));
}
