import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');
export const SERVER_LOG = path.join(ARTIFACTS_DIR, 'server.log');

/**
 * The newest link to `route` (e.g. '/invite') of an email the server logged for this address: without SMTP the
 * mail job writes 'Email to <address> (no SMTP_URL set, not sent): …' with the whole text to the log.
 */
async function mailedLinkFromLog(email: string, route: string, timeoutMs: number): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"\\\\]+${route}\\?token=[A-Za-z0-9_-]+`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const lines = (await readFile(SERVER_LOG, 'utf8'))
          .split('\n')
          .filter((line) => line.includes(`Email to ${email} `) && line.includes(`${route}?token=`));
        link = lines.at(-1)?.match(pattern)?.at(-1);
        return link;
      },
      { timeout: timeoutMs, message: `a ${route} link for ${email} in ${SERVER_LOG}` },
    )
    .toBeTruthy();
  return link!;
}

/** The newest password-reset link the server logged for this email. */
export function resetLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  return mailedLinkFromLog(email, '/reset-password', timeoutMs);
}

/** The newest project invitation link the server logged for this email. */
export function inviteLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  return mailedLinkFromLog(email, '/invite', timeoutMs);
}

/** The newest sign-in link (sent while the account is locked for unknown browsers) logged for this email. */
export function signInLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  return mailedLinkFromLog(email, '/sign-in-link', timeoutMs);
}

/** The newest email confirmation link (sent after sign-up) the server logged for this email. */
export function confirmLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  return mailedLinkFromLog(email, '/confirm-email', timeoutMs);
}
