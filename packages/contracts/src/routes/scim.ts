import { ScimConnectionParams, ScimProvisioningResponse, ScimTokenCreatedResponse } from '../scim/api.ts';
import { defineRoute } from './route.ts';

// The SCIM provisioning of an SSO connection (its owner or the super admin). The SCIM API itself lives outside
// /api, at /scim/v2, authenticated by the token these routes make.
const tags = ['scim'] as const;
const access = 'session';
const errors = [404] as const;

export const scimRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/sso/connections/:connectionId/scim',
    operationId: 'getScimProvisioning',
    summary: "The connection's SCIM base URL and its live token's prefix and use",
    tags,
    access,
    params: ScimConnectionParams,
    responses: { 200: ScimProvisioningResponse },
    errors,
  }),
  createToken: defineRoute({
    method: 'POST',
    path: '/sso/connections/:connectionId/scim/token',
    operationId: 'createScimToken',
    summary: 'Generate the SCIM bearer token (shown only now); a token generated before stops working',
    tags,
    access,
    params: ScimConnectionParams,
    responses: { 201: ScimTokenCreatedResponse },
    errors,
  }),
  revokeToken: defineRoute({
    method: 'DELETE',
    path: '/sso/connections/:connectionId/scim/token',
    operationId: 'revokeScimToken',
    summary: 'Revoke the SCIM bearer token; the identity provider can no longer provision',
    tags,
    access,
    params: ScimConnectionParams,
    responses: { 200: ScimProvisioningResponse },
    errors,
  }),
};
