import { z } from 'zod';
import { Id } from '../inputs.ts';

/** SCIM 2.0 provisioning of an SSO connection: where identity providers send it, and its bearer token. */
export const ScimConnectionParams = z.object({ connectionId: Id });

export const ScimTokenInfo = z.object({
  /** The first characters of the token, to tell it apart (the rest is never shown again). */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const ScimProvisioning = z.object({
  /** The SCIM base URL to enter in the identity provider (`<public url>/scim/v2`). */
  base_url: z.string(),
  /** The live token; null when none was generated or it was revoked. */
  token: ScimTokenInfo.nullable(),
});
export type ScimProvisioning = z.infer<typeof ScimProvisioning>;

export const ScimProvisioningResponse = z.object({ data: ScimProvisioning });

export const ScimTokenCreatedResponse = z.object({
  data: ScimProvisioning.extend({
    /** The whole token. Shown once: only its hash and prefix are stored. */
    secret: z.string(),
  }),
});
