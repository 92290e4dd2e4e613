import { AppError } from '../../errors.ts';

/** RFC 7643/7644 constants and the SCIM error answer. */
export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12 scimType values this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** A refusal in SCIM terms; the SCIM error handler answers it as RFC 7644 §3.12 says. */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: ScimType | undefined;
  constructor(status: number, message: string, scimType?: ScimType) {
    super(message);
    this.status = status;
    this.scimType = scimType;
  }
}

export const invalidValue = (message: string) => new ScimError(400, message, 'invalidValue');
export const invalidSyntax = (message: string) => new ScimError(400, message, 'invalidSyntax');
export const scimNotFound = (what: 'User' | 'Group', id: string) =>
  new ScimError(404, `${what} ${id.slice(0, 64)} not found.`);

export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [SCHEMA.error], status: String(status), ...(scimType && { scimType }), detail };
}

/** The status and SCIM body of any error a SCIM route throws (the app's own errors keep their message). */
export function toScimError(
  error: unknown,
): { status: number; body: ReturnType<typeof scimErrorBody> } | null {
  if (error instanceof ScimError)
    return { status: error.status, body: scimErrorBody(error.status, error.message, error.scimType) };
  if (error instanceof AppError && error.kind === 'invalid')
    return { status: 400, body: scimErrorBody(400, error.message, 'invalidValue') };
  return null;
}

/** A ListResponse (RFC 7644 §3.4.2). */
export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return {
    schemas: [SCHEMA.list],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** The largest page a list answers (ServiceProviderConfig filter.maxResults). */
export const MAX_PAGE = 200;

/** RFC 7644 §3.4.2.4: 1-based startIndex (below 1 means 1), count ≥ 0 (capped at MAX_PAGE). */
export function pageOf(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (value: unknown, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value))
      throw invalidValue('startIndex and count must be integers.');
    return Number(value);
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(MAX_PAGE, Math.max(0, number(query.count, 100))),
  };
}

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCHEMA.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/help/sso`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The token generated on the SSO connection page (SCIM provisioning).',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: SCHEMA.user,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCHEMA.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The attributes this server keeps (RFC 7643 §7); the others an IdP sends are accepted and not stored. */
export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA.schema],
      id: SCHEMA.user,
      name: 'User',
      description: 'A Parley account',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server' }),
        attribute('externalId', { caseExact: true }),
        attribute('name', {
          type: 'complex',
          subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')],
        }),
        attribute('displayName'),
        attribute('active', { type: 'boolean' }),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
        }),
        attribute('groups', {
          type: 'complex',
          multiValued: true,
          mutability: 'readOnly',
          subAttributes: [
            attribute('value', { mutability: 'readOnly' }),
            attribute('display', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCHEMA.user}` },
    },
    {
      schemas: [SCHEMA.schema],
      id: SCHEMA.group,
      name: 'Group',
      description: 'A group of the identity provider; its displayName maps to project roles',
      attributes: [
        attribute('displayName', { required: true, uniqueness: 'server' }),
        attribute('externalId', { caseExact: true }),
        attribute('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: [
            attribute('value', { mutability: 'immutable' }),
            attribute('display', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCHEMA.group}` },
    },
  ];
}
