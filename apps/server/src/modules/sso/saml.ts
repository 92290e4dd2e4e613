import {
  type CacheProvider,
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { SSO_METADATA_MAX_BYTES } from '@parley/contracts';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ssoSignInRequests, ssoUsedAssertions } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { errorMessage } from '../../thrown.ts';
import type { SsoConnectionRow } from './connections.ts';
import { ssoUrls } from './connections.ts';
import { idpFetch } from './fetch.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** How long a sent AuthnRequest waits for its answer. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

export interface IdpMetadata {
  xml: string;
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

function parseXml(xml: string): Document | null {
  let failed = false;
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') failed = true;
    },
  });
  try {
    const doc = parser.parseFromString(xml, 'text/xml');
    return failed ? null : doc;
  } catch {
    return null; // not XML at all
  }
}

const invalidMetadata = (reason: string) =>
  new AppError(
    'unprocessable',
    'invalid_saml_metadata',
    `The identity provider's metadata cannot be used: ${reason}`,
  );

/** Reads the IdP's entity id, redirect-binding sign-in URL and signing certificates from its metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const doc = parseXml(xml);
  const entity = doc?.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = entity?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw invalidMetadata('it is not SAML 2.0 identity provider metadata.');
  const entityId = entity.getAttribute('entityID') ?? '';
  const sso = Array.from<Element>(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find(
    (service) => service.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!entityId) throw invalidMetadata('it names no entityID.');
  if (!URL.canParse(ssoUrl))
    throw invalidMetadata('it has no SingleSignOnService with the HTTP-Redirect binding.');
  const certificates = Array.from<Element>(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from<Element>(key.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((cert) => (cert.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  if (!certificates.length) throw invalidMetadata('it has no signing certificate.');
  return { xml, entityId, ssoUrl, certificates };
}

/** The metadata given as XML, or fetched from its URL through the SSRF guard. */
export async function readIdpMetadata(
  ctx: AppContext,
  source: { url?: string; xml?: string },
): Promise<IdpMetadata> {
  if (source.xml) return parseIdpMetadata(source.xml);
  if (!source.url || !URL.canParse(source.url))
    throw badRequest('The metadata URL is not valid.', 'bad_request', 'saml_metadata_url');
  const response = await idpFetch(ctx)(source.url);
  if (!response.ok) throw invalidMetadata(`${source.url} answered ${response.status}.`);
  const text = await response.text();
  if (Buffer.byteLength(text) > SSO_METADATA_MAX_BYTES) throw invalidMetadata('it is too large.');
  return parseIdpMetadata(text);
}

/**
 * AuthnRequest ids kept in PostgreSQL per connection (node-saml checks InResponseTo against them): an answer is
 * accepted only for a request this server sent, once.
 */
function requestStore(ctx: AppContext, connectionId: number, browserHash: string | null): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      await ctx.db.delete(ssoSignInRequests).where(sql`${ssoSignInRequests.expiresAt} < now()`);
      await ctx.db.insert(ssoSignInRequests).values({
        key,
        connectionId,
        browserHash,
        expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MS),
      });
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => {
      const [row] = await ctx.db
        .select({ expiresAt: ssoSignInRequests.expiresAt })
        .from(ssoSignInRequests)
        .where(
          and(
            eq(ssoSignInRequests.key, key),
            eq(ssoSignInRequests.connectionId, connectionId),
            gt(ssoSignInRequests.expiresAt, sql`now()`),
          ),
        );
      return row ? new Date().toISOString() : null;
    },
    removeAsync: async (key) => {
      if (key === null) return null;
      const [row] = await ctx.db
        .delete(ssoSignInRequests)
        .where(and(eq(ssoSignInRequests.key, key), eq(ssoSignInRequests.connectionId, connectionId)))
        .returning({ key: ssoSignInRequests.key });
      return row?.key ?? null;
    },
  };
}

/** `browserHash`: of the cookie of the browser an AuthnRequest is sent from (stored with it). */
function samlClient(ctx: AppContext, connection: SsoConnectionRow, browserHash: string | null = null): SAML {
  const urls = ssoUrls(ctx, connection);
  return new SAML({
    callbackUrl: urls.acsUrl,
    entryPoint: connection.samlIdpSsoUrl ?? undefined,
    issuer: urls.spEntityId,
    audience: urls.spEntityId,
    idpIssuer: connection.samlIdpEntityId ?? undefined,
    idpCert: (connection.samlIdpCertificates ?? '').split('\n').filter(Boolean),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: requestStore(ctx, connection.id, browserHash),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: 60_000,
  });
}

/**
 * The IdP address to send the browser to with a fresh AuthnRequest (redirect binding), stored with the hash of
 * the starting browser's cookie: the answer is accepted only from that browser.
 */
export function samlAuthorizeUrl(
  ctx: AppContext,
  connection: SsoConnectionRow,
  browserHash: string,
): Promise<string> {
  return samlClient(ctx, connection, browserHash).getAuthorizeUrlAsync('', undefined, {});
}

export function samlServiceProviderMetadata(ctx: AppContext, connection: SsoConnectionRow): string {
  const urls = ssoUrls(ctx, connection);
  return generateServiceProviderMetadata({
    issuer: urls.spEntityId,
    callbackUrl: urls.acsUrl,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
}

/** The AuthnRequest a SAMLResponse answers (unverified: only to find which connection must verify it). */
export function inResponseToOf(samlResponse: string): string | null {
  const doc = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'));
  const root = doc?.documentElement;
  return root?.getAttribute('InResponseTo') || null;
}

export interface SamlIdentity {
  subject: string;
  email: string | null;
  name: string;
  attributes: Record<string, unknown>;
}

const refused = (reason: string) =>
  new AppError('forbidden', 'sso_refused', `The identity provider's answer was refused: ${reason}`);

/**
 * Verifies a SAMLResponse (node-saml: signed assertion by the IdP's certificates, audience, recipient, time
 * window, InResponseTo of a request we sent) and records its assertion id, so that it is never accepted twice.
 */
export async function samlFinish(
  ctx: AppContext,
  connection: SsoConnectionRow,
  samlResponse: string,
): Promise<SamlIdentity> {
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await samlClient(ctx, connection).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    throw refused(errorMessage(error));
  }
  if (!profile?.nameID) throw refused('it names no subject.');
  const assertion = profile.getAssertion?.() as
    | { Assertion?: { $?: { ID?: string }; Conditions?: Array<{ $?: { NotOnOrAfter?: string } }> } }
    | undefined;
  const assertionId = assertion?.Assertion?.$?.ID;
  if (!assertionId) throw refused('the assertion has no ID.');
  const notOnOrAfter = assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  const expiresAt =
    notOnOrAfter && !Number.isNaN(Date.parse(notOnOrAfter))
      ? new Date(notOnOrAfter)
      : new Date(Date.now() + SAML_REQUEST_TTL_MS);
  await ctx.db.delete(ssoUsedAssertions).where(sql`${ssoUsedAssertions.expiresAt} < now()`);
  const used = await ctx.db
    .insert(ssoUsedAssertions)
    .values({ connectionId: connection.id, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoUsedAssertions.assertionId });
  if (!used.length) throw refused('this assertion was already used.');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = [profile.email, profile.mail, /@/.test(profile.nameID) ? profile.nameID : null].find(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
  const name = [
    attributes.displayName,
    attributes.name,
    [attributes.firstName, attributes.lastName].filter(Boolean).join(' '),
  ].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return {
    subject: profile.nameID,
    email: email?.toLowerCase() ?? null,
    name: name?.trim() ?? '',
    attributes,
  };
}
