import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');
export const SERVER_LOG = path.join(ARTIFACTS_DIR, 'server.log');

/** The newest password-reset link the server logged for this email (no SMTP in tests: mail goes to the log). */
export async function resetLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/g;
  while (Date.now() < deadline) {
    const log = await readFile(SERVER_LOG, 'utf8');
    const lines = log
      .split('\n')
      .filter((line) => line.includes(email) && line.includes('reset-password?token='));
    const last = lines.at(-1)?.match(pattern)?.at(-1);
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset link for ${email} in ${SERVER_LOG}`);
}

/**
 * The newest project invitation link the server logged for this email (the mail job writes
 * 'Email to <address> (no SMTP_URL set, not sent): …' with the link to the log).
 */
export async function inviteLinkFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = /https?:\/\/[^\s"\\]+\/invite\?token=[A-Za-z0-9_-]+/g;
  while (Date.now() < deadline) {
    const log = await readFile(SERVER_LOG, 'utf8');
    const lines = log
      .split('\n')
      .filter((line) => line.includes(`Email to ${email} `) && line.includes('/invite?token='));
    const last = lines.at(-1)?.match(pattern)?.at(-1);
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No invitation link for ${email} in ${SERVER_LOG}`);
}
