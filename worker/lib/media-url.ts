/** Public URL of an R2 object served by this Worker at /media/{key}. */
export const mediaUrl = (origin: string, key: string | null | undefined) => (key ? `${origin}/media/${key}` : null);
