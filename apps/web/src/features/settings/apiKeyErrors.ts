import { ApiError } from '../../shared/api/client';

/** A spec text followed by the server's own explanation, when it sent one. */
export function withDetail(text: string, error: unknown): string {
  const detail = error instanceof ApiError && !error.code.startsWith('http_') ? error.message.trim() : '';
  return detail && detail !== text ? `${text} ${detail}` : text;
}
