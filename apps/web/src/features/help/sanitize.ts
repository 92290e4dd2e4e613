import { HELP_ALLOWED_TAGS } from '@parley/contracts';
import DOMPurify from 'dompurify';

/** Help HTML is sanitised on the server; this second pass keeps only the allowed tags and link targets. */
export function sanitizeHelpHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HELP_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
  });
}
