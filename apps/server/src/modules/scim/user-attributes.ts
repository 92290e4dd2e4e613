import { EmailAddress, splitUserName } from '@parley/contracts';
import { z } from 'zod';
import { invalidSyntax, invalidValue, ScimError } from './protocol.ts';

/** What this server keeps of a SCIM User (RFC 7643 §4.1); other attributes are accepted and not stored. */
export interface UserAttributes {
  userName: string;
  externalId: string | null;
  /** The account's name: name.formatted, else givenName and familyName joined. */
  name: string;
  givenName: string;
  familyName: string;
  /** The primary (else first) of `emails`, when given. */
  email: string | null;
  active: boolean;
}

const MAX_TEXT = 256;
/** The longest account name (the profile form's limit). */
export const NAME_MAX = 120;

/** Entra sends booleans as the strings "True" and "False". */
const scimBoolean = (value: unknown): boolean => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue('active must be true or false.');
};

const text = (value: unknown, attribute: string, max = MAX_TEXT): string => {
  if (typeof value !== 'string' || value.length > max)
    throw invalidValue(`${attribute} must be a text of at most ${max} characters.`);
  return value.trim();
};

const Emails = z
  .array(
    z.looseObject({
      value: z.string().max(MAX_TEXT).optional(),
      primary: z.union([z.boolean(), z.string().max(8)]).optional(),
    }),
  )
  .max(20);

function primaryEmail(value: unknown): string | null {
  const parsed = Emails.safeParse(value);
  if (!parsed.success) throw invalidValue('emails must be a list of at most 20 { value, type, primary }.');
  const emails = parsed.data.filter((email) => email.value);
  const primary =
    emails.find((email) => email.primary !== undefined && scimBoolean(email.primary)) ?? emails[0];
  return primary?.value?.trim() ?? null;
}

/** The account email a user's attributes give: the userName when it is an address, else the primary email. */
export function accountEmail(attributes: UserAttributes): string {
  for (const candidate of [attributes.userName, attributes.email]) {
    const email = EmailAddress.safeParse(candidate ?? '');
    if (email.success) return email.data;
  }
  throw invalidValue('userName or a primary email must be an email address.');
}

function composedName(attributes: UserAttributes): string {
  return `${attributes.givenName} ${attributes.familyName}`.trim();
}

/**
 * Sets one attribute by its SCIM path (case-insensitive, as RFC 7644 §3.10 says attribute names are): what
 * PATCH's add/replace/remove (value null) and POST/PUT bodies set. Unknown attributes are ignored.
 */
function setAttribute(attributes: UserAttributes, path: string, value: unknown): void {
  const key = path.toLowerCase();
  if (key === 'active') {
    attributes.active = value === null ? true : scimBoolean(value);
  } else if (key === 'username') {
    const userName = text(value, 'userName');
    if (!userName) throw invalidValue('userName must not be empty.');
    attributes.userName = userName;
  } else if (key === 'externalid') {
    attributes.externalId = value === null ? null : text(value, 'externalId');
  } else if (key === 'name') {
    if (value === null) return;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidValue('name must be an object.');
    for (const [part, partValue] of Object.entries(value))
      setAttribute(attributes, `name.${part}`, partValue);
  } else if (key === 'name.formatted' || key === 'displayname') {
    attributes.name = value === null ? composedName(attributes) : text(value, path, NAME_MAX);
  } else if (key === 'name.givenname' || key === 'name.familyname') {
    const part = value === null ? '' : text(value, path, NAME_MAX);
    if (key === 'name.givenname') attributes.givenName = part;
    else attributes.familyName = part;
    attributes.name = composedName(attributes);
  } else if (key === 'emails') {
    attributes.email = value === null ? null : primaryEmail(value);
  } else if (/^emails(\[.*\])?\.value$/.test(key)) {
    // Entra: `emails[type eq "work"].value`; Parley keeps one address.
    attributes.email = value === null ? null : text(value, path);
  }
}

export function attributesOf(row: {
  userName: string;
  externalId: string | null;
  name: string;
  email: string;
  active: boolean;
}): UserAttributes {
  const { first, last } = splitUserName(row.name);
  return { ...row, givenName: first, familyName: last };
}

/** A POST or PUT body's attributes; with `current` (PUT) what the body leaves out of `active` stays. */
export function attributesFromBody(body: unknown, current?: UserAttributes): UserAttributes {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidSyntax('The body must be a SCIM User object.');
  const attributes: UserAttributes = {
    userName: '',
    externalId: null,
    name: '',
    givenName: '',
    familyName: '',
    email: null,
    active: current?.active ?? true,
  };
  const fields = body as Record<string, unknown>;
  if (fields.userName === undefined) throw invalidValue('userName is required.');
  // name first, so that an explicit displayName or name.formatted wins over the joined parts.
  const order = Object.keys(fields).sort((a, b) => rank(a) - rank(b));
  for (const key of order) setAttribute(attributes, key, fields[key]);
  return attributes;
}

const rank = (key: string) =>
  key.toLowerCase() === 'name' ? 0 : key.toLowerCase() === 'displayname' ? 2 : 1;

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string;
  value?: unknown;
}

const PatchBody = z.looseObject({
  Operations: z
    .array(
      z.looseObject({
        op: z.string().max(16),
        path: z.string().max(1000).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(100),
});

/** The operations of a PatchOp body (RFC 7644 §3.5.2); op names are case-insensitive (Entra sends "Replace"). */
export function patchOperations(body: unknown): PatchOperation[] {
  const parsed = PatchBody.safeParse(body);
  if (!parsed.success) throw invalidSyntax('The body must be a PatchOp with 1 to 100 Operations.');
  return parsed.data.Operations.map((operation) => {
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw invalidSyntax(`Unknown PATCH op ${operation.op}: use add, replace or remove.`);
    return { op, path: operation.path, value: operation.value };
  });
}

/** Applies a user PATCH: a path sets that attribute; without one, each key of the value object does. */
export function patchedAttributes(current: UserAttributes, operations: PatchOperation[]): UserAttributes {
  const attributes = { ...current };
  for (const operation of operations) {
    if (operation.op === 'remove') {
      if (!operation.path) throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
      setAttribute(attributes, operation.path, null);
    } else if (operation.path) {
      setAttribute(attributes, operation.path, operation.value);
    } else {
      const value = operation.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw invalidValue('An operation without a path needs an object value.');
      for (const [key, item] of Object.entries(value)) setAttribute(attributes, key, item);
    }
  }
  return attributes;
}
