/** The token of an `Authorization: Bearer <token>` header; null without one (other schemes are ignored). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  return match[1]?.trim() ?? '';
}
