/** The token of an `Authorization: Bearer <token>` header, else null. */
export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
};
