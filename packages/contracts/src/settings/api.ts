import { z } from 'zod';
import { EmailAddress, Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { MEMBER_ROLES, USER_ROLES } from '../roles.ts';
import {
  API_KEY,
  API_KEY_STATUSES,
  API_KEY_TEXTS,
  API_KEY_TYPES,
  INVITE_STATUSES,
  REP_MAPPING,
  REP_TEXTS,
  SUPPORT_ACCESS,
  SUPPORT_TEXTS,
  supportAccessHours,
} from './rules.ts';

// The routes that take and answer these shapes, and who may call them: ../routes (projects, members,
// api-keys, reps, support).

const id = Id;

// ---------- project general settings ----------

export const DeleteProjectRequest = z.object({
  /** The project's name, typed by the user as confirmation. */
  confirm_name: z.string().max(500),
});
export const TransferOwnershipRequest = z.object({ user_id: Id });

// ---------- API keys ----------

export const ApiKeyTypeSchema = z.enum(API_KEY_TYPES);

/** Spec 2 §3 API key. `api_key` only in the answer to the creation. */
export const ApiKey = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  /** The clear prefix with an ellipsis, e.g. 'pk_live_ab12…'. */
  key_mask: z.string(),
  type: ApiKeyTypeSchema,
  status: z.enum(API_KEY_STATUSES),
  user_id: z.number().int().nullable(),
  user_first_name: z.string(),
  user_last_name: z.string(),
  user_email: z.string(),
  created_at: z.string(),
  /** Null when never used (the list shows 'never'). Updated at most once a minute. */
  last_used: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCreateRequest = z.object({
  name: z.string().trim().min(1, API_KEY_TEXTS.nameRequired).max(API_KEY.nameMax, API_KEY_TEXTS.nameTooLong),
  type: ApiKeyTypeSchema.default(API_KEY.defaultType),
  /** The project, as the settings screen sends it (spec 2 §7); the path's id is the one that counts. */
  project_id: Id.optional(),
});
export const ApiKeyListResponse = z.object({ data: z.array(ApiKey) });
export const ApiKeyResponse = z.object({ data: ApiKey });
export const ApiKeyCreateResponse = z.object({
  data: ApiKey.extend({
    /** The whole secret. Shown once: only its hash and prefix are stored. */
    api_key: z.string(),
  }),
});
export const ApiKeyParams = z.object({ id, keyId: id });

// ---------- members and invitations ----------

export const MemberRoleSchema = z.enum(MEMBER_ROLES);

export const Member = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  /** May review analyses they see whatever their role (issue 35; team leaders and above review by role). */
  reviewer: z.boolean(),
  joined_at: z.string(),
  /** The account was deactivated (SCIM): it cannot sign in, the membership stays. Absent from older servers. */
  deactivated: z.boolean().default(false),
});
export type Member = z.infer<typeof Member>;

const PersonRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const Invite = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  email: z.string(),
  role: MemberRoleSchema,
  status: z.enum(INVITE_STATUSES),
  invited_by: PersonRef.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invite = z.infer<typeof Invite>;

export const MembersResponse = z.object({
  data: z.object({
    members: z.array(Member),
    /** Invitations not yet accepted nor withdrawn, newest first (expired ones included, status 'expired'). */
    invites: z.array(Invite),
  }),
});
export const MemberResponse = z.object({ data: Member });
export const InviteCreateRequest = z.object({ email: EmailAddress, role: MemberRoleSchema });
export const InviteResponse = z.object({ data: Invite });
export const MemberRoleUpdate = z.object({ role: MemberRoleSchema });
export const MemberParams = z.object({ id, userId: id });
export const InviteParams = z.object({ id, inviteId: id });
export const InviteTokenParams = z.object({ token: z.string().min(1).max(200) });

/** What the invitation page shows before accepting (public, by token). */
export const InviteInfo = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  inviter_name: z.string().nullable(),
  inviter_email: z.string().nullable(),
  /** Whether an account with the invited email exists (sign in) or not (sign up first). */
  account_exists: z.boolean(),
  expires_at: z.string(),
});
export type InviteInfo = z.infer<typeof InviteInfo>;
export const InviteInfoResponse = z.object({ data: InviteInfo });
export const InviteAcceptResponse = z.object({
  data: z.object({ project_id: z.number().int(), role: MemberRoleSchema }),
});

// ---------- rep mapping and team leaders ----------

export const RepMapping = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  /** As entered: a name, extension, email or phone number. */
  identifier: z.string(),
  representative: z.string(),
  department: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RepMapping = z.infer<typeof RepMapping>;

export const RepMappingInput = z.object({
  identifier: z.string().trim().min(1, REP_TEXTS.identifierRequired).max(REP_MAPPING.identifierMax),
  representative: z.string().trim().min(1, REP_TEXTS.representativeRequired).max(REP_MAPPING.valueMax),
  department: z
    .string()
    .trim()
    .max(REP_MAPPING.valueMax)
    .nullish()
    .transform((value) => value || null),
});
export const RepMappingResponse = z.object({ data: RepMapping });
export const RepMappingListResponse = z.object({ data: z.array(RepMapping) });
export const RepMappingParams = z.object({ id, mappingId: id });
export const RepMappingApplyResponse = z.object({
  /** How many analyses got a different representative or department. */
  data: z.object({ changed: z.number().int() }),
});
export const NameListResponse = z.object({ data: z.array(z.string()) });

const names = z.array(z.string().trim().max(REP_MAPPING.valueMax)).max(REP_MAPPING.assignmentMax);

export const TeamLeaderUpdate = z.object({ departments: names, representatives: names });
export const TeamLeader = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  departments: z.array(z.string()),
  representatives: z.array(z.string()),
  /** Null: nothing assigned yet (the team leader sees no analyses). */
  updated_at: z.string().nullable(),
});
export type TeamLeader = z.infer<typeof TeamLeader>;
export const TeamLeaderResponse = z.object({ data: TeamLeader });
export const TeamLeaderListResponse = z.object({ data: z.array(TeamLeader) });

// ---------- support access ----------

export const SupportAccessGrantRequest = z
  .object({
    duration: z.number().int().positive(),
    unit: z.enum(SUPPORT_ACCESS.units).default(SUPPORT_ACCESS.defaultUnit),
  })
  .refine((value) => supportAccessHours(value.duration, value.unit) !== null, {
    message: SUPPORT_TEXTS.invalidDuration,
    path: ['duration'],
  });

export const SupportAccess = z.object({
  active: z.boolean(),
  /** When the current (or last) grant ends; null when none was ever given. */
  expires_at: z.string().nullable(),
  granted_at: z.string().nullable(),
  granted_by: PersonRef.nullable(),
  revoked_at: z.string().nullable(),
});
export type SupportAccess = z.infer<typeof SupportAccess>;
export const SupportAccessResponse = z.object({ data: SupportAccess });

export const SupportAuditEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  /** False for refused attempts (writes: support access is read-only). */
  allowed: z.boolean(),
  created_at: z.string(),
});
export const SupportAuditQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 200).default(50),
});
export const SupportAuditResponse = z.object({
  data: z.object({
    items: z.array(SupportAuditEntry),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const SupportProject = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  timezone: z.string(),
  granted_at: z.string(),
  expires_at: z.string(),
  granted_by: PersonRef.nullable(),
});
export const SupportProjectListResponse = z.object({ data: z.array(SupportProject) });

// ---------- super admin: users ----------

export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  is_super_admin: z.boolean(),
  created_at: z.string(),
  /** Whether the account has two-factor sign-in on (an authenticator app or a passkey). */
  two_factor_enabled: z.boolean(),
});
export const AdminUserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(USER_ROLES).optional(),
});
export const AdminUserListResponse = z.object({ data: z.array(AdminUser) });
export const AdminUserResponse = z.object({ data: AdminUser });
export const AdminUserUpdate = z.object({ role: z.enum(USER_ROLES) });
export const AdminUserParams = z.object({ userId: id });
