import { Resolver } from 'node:dns/promises';
import { SSO_TXT_PREFIX } from '@parley/contracts';
import type { Config } from '../../config.ts';

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Whether the domain publishes the TXT record `parley-verification=<token>`, asked of SSO_DNS_SERVERS (else the
 * system's servers). A domain that does not answer counts as not proven.
 */
export async function hasVerificationRecord(
  config: Pick<Config, 'ssoDnsServers'>,
  domain: string,
  token: string,
): Promise<boolean> {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (config.ssoDnsServers.length) resolver.setServers(config.ssoDnsServers);
  try {
    const records = await resolver.resolveTxt(domain);
    // A long TXT record arrives in 255-byte strings: they are one value.
    return records.some((chunks) => chunks.join('').trim() === `${SSO_TXT_PREFIX}${token}`);
  } catch {
    return false;
  }
}
