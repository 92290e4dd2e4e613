/**
 * Project settings rules (spec 2 §2.2, §3-§6, §8, §9; spec 1 §6), shared by the settings screens and the server:
 * API key format and display, invitation and membership rules (the last-owner rule), rep mapping identifiers and
 * the team-leader visibility rule, and support access durations. No I/O.
 */
import { normalizePhone } from '../blacklist/rules.ts';
import { hasRoleAtLeast, type MemberRole } from '../roles.ts';

// ---------- API keys ----------

export const API_KEY_TYPES = ['full', 'media'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];
export const API_KEY_STATUSES = ['active', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY = {
  /** Every key starts with this, so that a leaked key is recognisable (secret scanners, logs). */
  prefix: 'pk_live_',
  /** Random characters after the prefix (base62: about 238 bits). */
  secretLength: 40,
  /** Characters of the secret kept in clear and shown in the list after the prefix ('pk_live_ab12…'). */
  shownChars: 4,
  nameMax: 100,
  /** Default type of a new key (spec 2 §5, §9). */
  defaultType: 'full' as ApiKeyType,
  /** last_used is written at most this often per key. */
  lastUsedTouchMs: 60_000,
} as const;

export const API_KEY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const API_KEY_PATTERN = new RegExp(`^${API_KEY.prefix}[0-9A-Za-z]{${API_KEY.secretLength}}$`);

/** True for a string shaped like a Parley API key (it may still be unknown or revoked). */
export function isApiKeyFormat(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** The part of a key stored in clear and shown: the prefix and the first few characters ('pk_live_ab12'). */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY.prefix.length + API_KEY.shownChars);
}

/** How the list shows a key: its clear prefix and an ellipsis ('pk_live_ab12…'). */
export function apiKeyMask(displayPrefix: string): string {
  return `${displayPrefix}…`;
}

export const API_KEY_TEXTS = {
  nameRequired: 'Please enter a name for the key.',
  nameTooLong: `The name can be at most ${API_KEY.nameMax} characters.`,
  notFound: 'API key not found.',
  invalid: 'This API key is not valid.',
  revoked: 'This API key has been revoked.',
  /** A media key on anything but its uploads (spec 2 §3 media only). */
  mediaOnly: 'This API key can only upload and read its own uploads.',
  /** A key on a route outside its project (account, admin, key management ...). */
  notForRoute: 'API keys cannot be used for this; sign in to the web app to do it.',
  /** Shown in the list when a key was never used. */
  neverUsed: 'never',
} as const;

/** First and last name for the key list (users have one name field: the first word, then the rest). */
export function splitUserName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

// ---------- members and invitations ----------

/** Invitation links are valid this long and work once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITE_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** An owner may invite any role; an admin user, teamleader or admin; nobody else invites. */
export function canInviteRole(inviter: MemberRole, role: MemberRole): boolean {
  if (inviter === 'owner') return true;
  if (inviter === 'admin') return role !== 'owner';
  return false;
}

/** The roles `actor` may give in an invitation or a role change. */
export function assignableRoles(actor: MemberRole): MemberRole[] {
  if (actor === 'owner') return ['user', 'teamleader', 'admin', 'owner'];
  if (actor === 'admin') return ['user', 'teamleader', 'admin'];
  return [];
}

/** Admins cannot change owners' roles nor make anyone owner; owners can change any role. */
export function canChangeMemberRole(actor: MemberRole, target: MemberRole, next: MemberRole): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return target !== 'owner' && next !== 'owner';
  return false;
}

/** Owners remove anyone, admins anyone but owners; every member may leave (remove themselves). */
export function canRemoveMember(actor: MemberRole | null, target: MemberRole, isSelf: boolean): boolean {
  if (isSelf) return true;
  if (actor === 'owner') return true;
  if (actor === 'admin') return target !== 'owner';
  return false;
}

/**
 * The last-owner rule: a change that would leave the project without an owner. `next` is the target's new
 * role, or null when the target is removed.
 */
export function breaksLastOwner(ownerCount: number, target: MemberRole, next: MemberRole | null): boolean {
  return target === 'owner' && next !== 'owner' && ownerCount <= 1;
}

/** An invitation's state at `now`. */
export function inviteStatus(
  invite: { expiresAt: Date | string; acceptedAt?: Date | string | null; revokedAt?: Date | string | null },
  now: Date = new Date(),
): InviteStatus {
  if (invite.acceptedAt) return 'accepted';
  if (invite.revokedAt) return 'revoked';
  return new Date(invite.expiresAt).getTime() <= now.getTime() ? 'expired' : 'pending';
}

export const MEMBER_TEXTS = {
  lastOwner:
    'A project needs at least one owner. Make another member owner (or transfer ownership) before removing or demoting the last one.',
  cannotInviteRole: (role: MemberRole) => `Only an owner can invite someone as ${role}.`,
  cannotChangeRole: 'Admins cannot change the role of an owner or make someone owner.',
  cannotRemove: 'Admins cannot remove an owner.',
  needsManager: 'Only admins and owners can manage the team.',
  memberNotFound: 'This person is not a member of the project.',
  alreadyMember: (email: string) => `${email} is already a member of this project.`,
  inviteNotFound: 'This invitation link is not valid. Ask for a new invitation.',
  inviteExpired: 'This invitation has expired. Ask the project admin for a new one.',
  inviteUsed: 'This invitation has already been used.',
  inviteRevoked: 'This invitation was withdrawn. Ask the project admin for a new one.',
  inviteWrongEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that email address to accept it.`,
  transferSelf: 'You already own this project; choose another member.',
  transferOwnerOnly: 'Only an owner can transfer ownership.',
  deleteOwnerOnly: 'Only an owner of the project can delete it.',
  deleteConfirmMismatch: 'Type the project name exactly to confirm deleting it.',
  defaultPromptNotFound: 'The default prompt must be one of the prompts of this project.',
  transcriptionUnavailable:
    'Choose a transcription service this server has a key for, and one of its models (GET /models/transcription).',
} as const;

/** The typed confirmation for deleting a project: the project's name, ignoring surrounding spaces. */
export function deleteConfirmationMatches(projectName: string, typed: string | null | undefined): boolean {
  return typeof typed === 'string' && typed.trim() === projectName.trim();
}

// ---------- rep mapping and team leaders ----------

export const REP_MAPPING = {
  identifierMax: 200,
  valueMax: 200,
  /** Most entries a project can have. */
  maxEntries: 10_000,
  /** Metadata fields whose value is looked up in the mapping, in this order (names compared case-insensitively). */
  sourceFields: ['representative', 'agent', 'extension', 'email'],
  /** A team leader's assignment lists at most this many departments and representatives each. */
  assignmentMax: 500,
} as const;

/** Minimum digits for an identifier to be read as a phone number (shorter numbers are extensions). */
const PHONE_MIN_DIGITS = 7;

/**
 * The form an identifier is matched in: trimmed, phone numbers normalised (normalizePhone; a value of digits,
 * spaces, +, -, (, ), . with at least 7 digits), everything else lower-cased with inner whitespace collapsed.
 * Empty for a blank value.
 */
export function repIdentifierKey(raw: string): string {
  const value = raw.trim();
  if (!value) return '';
  const digits = value.replace(/\D/g, '').length;
  if (/^[+\d\s().-]+$/.test(value) && digits >= PHONE_MIN_DIGITS) return `tel:${normalizePhone(value)}`;
  return value.toLowerCase().replace(/\s+/g, ' ');
}

function metadataValue(metadata: Record<string, string>, name: string): string | null {
  const entry = Object.entries(metadata).find(([key]) => key.trim().toLowerCase() === name);
  const value = entry?.[1]?.trim();
  return value ? value : null;
}

/** The lookup keys of a conversation's metadata, in REP_MAPPING.sourceFields order (blank ones left out). */
export function repLookupKeys(metadata: Record<string, string>): string[] {
  const keys: string[] = [];
  for (const field of REP_MAPPING.sourceFields) {
    const value = metadataValue(metadata, field);
    const key = value ? repIdentifierKey(value) : '';
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

export interface RepMappingTarget {
  representative: string;
  department: string | null;
}

/**
 * Title, representative and department of a conversation from its metadata (keys of any case), with the
 * rep mapping applied: the first source field whose value has an entry gives the canonical representative, and
 * its department when the entry has one (else the metadata's department stays).
 */
/**
 * Longest representative or department name an analysis keeps (the metadata keeps the whole value): names
 * are index keys, and PostgreSQL refuses an index row over about 2,700 bytes.
 */
export const PEOPLE_NAME_MAX = 200;
const personName = (value: string | null) => (value === null ? null : value.slice(0, PEOPLE_NAME_MAX).trim());

export function deriveTaskPeople(
  metadata: Record<string, string>,
  mappings: ReadonlyMap<string, RepMappingTarget>,
): { title: string | null; representative: string | null; department: string | null } {
  const base = {
    title: metadataValue(metadata, 'title'),
    representative: personName(metadataValue(metadata, 'representative')),
    department: personName(metadataValue(metadata, 'department')),
  };
  for (const key of repLookupKeys(metadata)) {
    const target = mappings.get(key);
    if (target) {
      return {
        ...base,
        representative: target.representative,
        department: target.department ?? base.department,
      };
    }
  }
  return base;
}

/** A team leader's assignment: the analyses whose department or representative is listed are visible. */
export interface TeamAssignment {
  departments: readonly string[];
  representatives: readonly string[];
}

const fold = (value: string) => value.trim().toLowerCase();

/** Trimmed, blank ones dropped, duplicates (case-insensitive) dropped, first spelling kept. */
export function uniqueNames(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (!value || value === 'null' || value === 'undefined') continue;
    const key = fold(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

export const REP_TEXTS = {
  identifierRequired: 'Please enter a name, extension, email or phone number.',
  representativeRequired: 'Please enter the representative.',
  duplicate: (identifier: string) => `"${identifier}" is already mapped in this project.`,
  notFound: 'Rep mapping not found.',
  tooMany: `A project can have at most ${REP_MAPPING.maxEntries.toLocaleString('en-US')} rep mappings.`,
  notTeamLeader: 'This member does not have the teamleader role.',
} as const;

// ---------- support access ----------

export const SUPPORT_ACCESS = {
  units: ['hours', 'days'] as const,
  /** The longest grant: 30 days. */
  maxHours: 30 * 24,
  defaultDuration: 24,
  defaultUnit: 'hours' as 'hours' | 'days',
} as const;
export type SupportAccessUnit = (typeof SUPPORT_ACCESS.units)[number];

/** Hours of a grant of `duration` units, or null when it is not a positive whole number within 30 days. */
export function supportAccessHours(duration: number, unit: SupportAccessUnit): number | null {
  if (!Number.isInteger(duration) || duration <= 0) return null;
  const hours = unit === 'days' ? duration * 24 : duration;
  return hours <= SUPPORT_ACCESS.maxHours ? hours : null;
}

/** Support staff read a granted project with the admin's view, but only with safe methods. */
export function isReadMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'OPTIONS';
}

export const SUPPORT_TEXTS = {
  readOnly: 'Support access is read-only.',
  ownerOnly: 'Only an owner of the project can manage support access.',
  supportOnly: 'Only support staff can see this.',
  invalidDuration: `Support access lasts at least 1 hour and at most ${SUPPORT_ACCESS.maxHours / 24} days.`,
  userNotFound: 'User not found.',
} as const;

/** Whether `role` may manage project settings (spec 1 §6: admin and owner). */
export function canManageSettings(role: MemberRole | null | undefined): boolean {
  return hasRoleAtLeast(role, 'admin');
}
