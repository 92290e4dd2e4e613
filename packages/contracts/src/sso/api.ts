import { z } from 'zod';
import { EmailAddress, Id } from '../inputs.ts';
import { MEMBER_ROLES } from '../roles.ts';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** The TXT record that proves control of a domain: `parley-verification=<token>`. */
export const SSO_TXT_PREFIX = 'parley-verification=';

/** The IdP claim (OIDC) or attribute (SAML) read for groups when the connection names none. */
export const SSO_DEFAULT_GROUPS_ATTRIBUTE = 'groups';

/** Largest SAML metadata XML accepted (pasted or fetched). */
export const SSO_METADATA_MAX_BYTES = 200_000;

/** The group name a mapping gives everyone who signs in through the connection. */
export const SSO_EVERYONE_GROUP = '*';

const Name = z.string().trim().min(1).max(120);
const OptionalText = (max: number) => z.string().trim().max(max);

/** A lower-case domain name without a trailing dot (example.com, eu.example.co.uk). */
export const SsoDomainName = z
  .string()
  .max(254)
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253)
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
        message: 'Enter a domain name such as example.com.',
      }),
  );

export const SsoConnectionInput = z.object({
  name: Name,
  protocol: z.enum(SSO_PROTOCOLS),
  /** OIDC: the issuer URL (its /.well-known/openid-configuration is read). */
  oidc_issuer: OptionalText(2000).optional(),
  oidc_client_id: OptionalText(500).optional(),
  oidc_client_secret: OptionalText(2000).optional(),
  /** SAML: where the IdP metadata is published, or the XML itself. */
  saml_metadata_url: OptionalText(2000).optional(),
  saml_metadata_xml: z.string().max(SSO_METADATA_MAX_BYTES).optional(),
  groups_attribute: OptionalText(300).optional(),
});
export type SsoConnectionInput = z.infer<typeof SsoConnectionInput>;

export const SsoConnectionUpdate = SsoConnectionInput.omit({ protocol: true })
  .partial()
  .extend({ enabled: z.boolean().optional(), require_sso: z.boolean().optional() });

export const SsoDomain = z.object({
  id: z.number().int(),
  domain: z.string(),
  /** The TXT record to publish on the domain. */
  txt_record: z.string(),
  verified_at: z.string().nullable(),
});

export const SsoGroupMapping = z.object({
  id: z.number().int(),
  group_name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  role: z.enum(MEMBER_ROLES),
});

export const SsoConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  require_sso: z.boolean(),
  owner_email: z.string().nullable(),
  oidc_issuer: z.string().nullable(),
  oidc_client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  saml_metadata_url: z.string().nullable(),
  saml_idp_entity_id: z.string().nullable(),
  saml_idp_sso_url: z.string().nullable(),
  groups_attribute: z.string(),
  /** What to paste into the IdP: the OIDC redirect URI, or the SAML ACS URL, entity id and metadata URL. */
  redirect_uri: z.string(),
  sp_entity_id: z.string(),
  sp_metadata_url: z.string(),
  domains: z.array(SsoDomain),
  mappings: z.array(SsoGroupMapping),
});
export type SsoConnection = z.infer<typeof SsoConnection>;

export const SsoConnectionResponse = z.object({ data: SsoConnection });
export const SsoConnectionListResponse = z.object({ data: z.array(SsoConnection) });
export const SsoConnectionParams = z.object({ connectionId: Id });
export const SsoDomainParams = SsoConnectionParams.extend({ domainId: Id });
export const SsoMappingParams = SsoConnectionParams.extend({ mappingId: Id });
export const SsoDomainInput = z.object({ domain: SsoDomainName });
/** `force`: the super admin marks the domain proven without a DNS record. */
export const SsoVerifyDomainInput = z.object({ force: z.boolean().optional() });
export const SsoMappingInput = z.object({
  group_name: Name.max(300),
  project_id: Id,
  role: z.enum(MEMBER_ROLES),
});

export const SsoStartRequest = z.object({ email: EmailAddress });
/** Whether the email's domain signs in through an identity provider, and where to send the browser. */
export const SsoStartResponse = z.object({
  data: z.object({ sso: z.boolean(), redirect_url: z.string().nullable() }),
});
export const SsoOidcCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});
export const SsoAcsForm = z.object({
  SAMLResponse: z.string(),
  RelayState: z.string().optional(),
});
export const SsoMetadataParams = SsoConnectionParams;
