import { z } from 'zod';
import { REPRESENTATIVE_CHANNELS } from './analyses/roles.ts';
import { ProjectBillingFields } from './billing/api.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
} from './constants.ts';
import { EmailAddress, Id, NullableId } from './inputs.ts';
import { UI_LANGUAGES } from './languages.ts';
import { MEMBER_ROLES, PROJECT_ROLES, USER_ROLES } from './roles.ts';
import { TEXTS } from './texts.ts';
import { TIMEZONES } from './timezones.ts';
import { TranscriptionChoice } from './transcription/models.ts';

/** The request an error answer is about, as its x-request-id header also names every answer's request. */
export const RequestId = z.string().optional().meta({
  description:
    'The request, as its x-request-id header names it: the trace id when the server traces (OpenTelemetry), else the id its log lines carry. Quote it when reporting a problem.',
});

/**
 * Every error answer: HTTP status plus this body. `message` is text for a person (it never names an internal
 * key); `field`, when the error is about one input, is that input's key (dotted for nested ones).
 */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional().meta({
        description:
          'The input the error is about, as its key (dotted for nested inputs, e.g. content.0.key). Absent when the error is not about one input.',
      }),
    }),
    request_id: RequestId,
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------- users and auth ----------

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  language: z.enum(UI_LANGUAGES),
  role: z.enum(USER_ROLES),
  is_super_admin: z.boolean(),
  /** False for an account made with Google sign-in that has not set a password yet. */
  has_password: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

const newPassword = z
  .string()
  .min(1, TEXTS.password.required)
  .min(PASSWORD_MIN_LENGTH, TEXTS.password.tooShort)
  .max(PASSWORD_MAX_LENGTH, TEXTS.password.tooLong);
/** A password given to prove who one is: no new password is longer, so a longer one is refused unhashed. */
const currentPassword = z.string().max(PASSWORD_MAX_LENGTH, TEXTS.password.tooLong);

export const SignupRequest = z.object({
  email: EmailAddress,
  password: newPassword,
  name: z.string().trim().max(120).optional(),
  language: z.enum(UI_LANGUAGES).optional(),
  /**
   * The token of an invitation link for this email: the account is confirmed, signed in and joins the
   * invited project at once.
   */
  invite_token: z.string().min(1).max(200).optional(),
});
/**
 * Sign-up of an ordinary account (202): the same answer whether the email is new or taken; a link to confirm
 * it, or a note to the owner of the taken one, is emailed.
 */
export const SignupAcceptedResponse = z.object({
  data: z.object({ status: z.literal('confirmation_sent') }),
});
export const ConfirmEmailRequest = z.object({ token: z.string().min(1).max(200) });
/** The token of an emailed sign-in link. */
export const SignInLinkRequest = ConfirmEmailRequest;
export const LoginRequest = z.object({
  email: EmailAddress,
  password: currentPassword.min(1, TEXTS.password.required),
});
export const ForgotPasswordRequest = z.object({ email: EmailAddress });
/** Reset payload of spec 2 §3: token and password. */
export const ResetPasswordRequest = z.object({ token: z.string().min(1).max(200), password: newPassword });
/** current_password is required unless the account has none yet (made with Google sign-in). */
export const ChangePasswordRequest = z.object({
  current_password: currentPassword.min(1).optional(),
  new_password: newPassword,
});
export const UpdateLanguageRequest = z.object({ language: z.enum(UI_LANGUAGES) });
export const UpdateProfileRequest = z.object({ name: z.string().trim().max(120) });

export const UserResponse = z.object({ data: User });
/** A sign-up or Google sign-in; joined_project_id: the project of the invitation it joined in the same step. */
export const JoinedUserResponse = UserResponse.extend({ joined_project_id: z.number().int().optional() });
/** Who the browser's session belongs to: a user, or null for an anonymous visitor (not an error). */
export const SessionResponse = z.object({ data: z.object({ user: User.nullable() }) });

/** Start of Google sign-in: where Google sends the browser back (an address of this site). */
export const GoogleStartRequest = z.object({ redirect_uri: z.url().max(2000) });
/** Spec 2 §7: the client checks status 'success' and sends the browser to auth_url; it keeps the state. */
export const GoogleStartResponse = z.object({
  status: z.literal('success'),
  data: z.object({ auth_url: z.string(), state: z.string() }),
});
export const GoogleCallbackRequest = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  /** The UI language of a new account (the one the page is shown in). */
  language: z.enum(UI_LANGUAGES).optional(),
  /** The token of an invitation for the Google account's email: the account joins its project. */
  invite_token: z.string().min(1).max(200).optional(),
});
export const GoogleAvailabilityResponse = z.object({ data: z.object({ available: z.boolean() }) });
/** Whether the installation has any account yet (none: the web app opens sign-up, which makes the super admin). */
export const InstallationResponse = z.object({ data: z.object({ has_accounts: z.boolean() }) });
export const OkResponse = z.object({ data: z.object({ ok: z.literal(true) }) });

// ---------- projects ----------

export const Project = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  role: z.enum(PROJECT_ROLES),
  timezone: z.string(),
  /** The caller's role in this project. Super admins who are not members see 'owner' rights as 'admin'. */
  my_role: z.enum(MEMBER_ROLES),
  created_at: z.string(),
  updated_at: z.string(),
  // Billing view (spec 2 §3). The server always sends them; optional so that older clients and fixtures
  // that build a Project without them stay valid.
  current_balance: ProjectBillingFields.current_balance.optional(),
  available_balance: ProjectBillingFields.available_balance.optional(),
  currency: ProjectBillingFields.currency.optional(),
  /** True when absent. */
  use_balance_for_analysis: ProjectBillingFields.use_balance_for_analysis.optional(),
  tariff_plan_id: ProjectBillingFields.tariff_plan_id.optional(),
  tariff_plan: ProjectBillingFields.tariff_plan.optional(),
  // Blacklist enforcement settings. Optional for the same reason.
  /** The metadata field holding a conversation's phone number; null: "phone" (any case). */
  phone_metadata_field: z.string().nullable().optional(),
  /** Keep the media of conversations skipped because of the blacklist (default: delete it). */
  keep_skipped_media: z.boolean().optional(),
  // Project settings (general tab). Optional for the same reason.
  /** The prompt the upload panel preselects; null: none. Always one of the project's prompts. */
  default_prompt_id: z.number().int().nullable().optional(),
  /** Speech to text of the project's recordings; null: the server's default (GET /models/transcription). */
  transcription: TranscriptionChoice.nullable().optional(),
  /** Which stereo channel carries the representative ('left': Channel 1). */
  representative_channel: z.enum(REPRESENTATIVE_CHANNELS).optional(),
  /**
   * Members with the role user see only the analyses of the representative the rep mapping gives their email
   * (and none without one). On for new projects, off for those made before the setting existed.
   */
  agents_see_own: z.boolean().optional(),
  /**
   * With agents_see_own, for a caller with the role user: the representative whose analyses they see; null
   * when their email is mapped to none (they see no analyses). Absent for everyone else.
   */
  my_representative: z.string().nullable().optional(),
  /** True when the caller sees the project through a support-access grant (read-only, admin's view). */
  read_only: z.boolean().optional(),
});
export type Project = z.infer<typeof Project>;

const projectFields = {
  name: z.string().trim().min(1, 'Project name is required').max(PROJECT_NAME_MAX),
  description: z.string().trim().max(PROJECT_DESCRIPTION_MAX),
  role: z.enum(PROJECT_ROLES),
  timezone: z.enum(TIMEZONES),
};

/** Longest metadata field name a project can name as its phone field. */
export const PHONE_METADATA_FIELD_MAX = 100;

export const ProjectInput = z.object({
  ...projectFields,
  description: projectFields.description.default(''),
  role: projectFields.role.default('Sales'),
  timezone: projectFields.timezone.default('UTC'),
});
export type ProjectInput = z.input<typeof ProjectInput>;
/**
 * A partial update: fields left out keep their value (no defaults apply). use_balance_for_analysis is the
 * balance card's switch (admin and owner, like every update).
 */
export const ProjectUpdate = z
  .object({
    ...projectFields,
    use_balance_for_analysis: ProjectBillingFields.use_balance_for_analysis,
    /** Blank or null: the default ("phone", any case). */
    phone_metadata_field: z
      .string()
      .trim()
      .max(PHONE_METADATA_FIELD_MAX)
      .nullable()
      .transform((value) => value || null),
    keep_skipped_media: z.boolean(),
    /** One of the project's prompts, or null for none. */
    default_prompt_id: NullableId,
    /** A provider the server has a key for and one of its models, or null for the server's default. */
    transcription: TranscriptionChoice.nullable(),
    representative_channel: z.enum(REPRESENTATIVE_CHANNELS),
    agents_see_own: z.boolean(),
  })
  .partial();

export const ProjectResponse = z.object({ data: Project });
export const ProjectListResponse = z.object({ data: z.array(Project) });
export const ProjectIdParams = z.object({ id: Id });

// ---------- help ----------

export const HelpStatus = z.enum(['found', 'fallback', 'not_found']);
export const HelpQuery = z.object({
  path: z.string().min(1).max(500),
  language: z.enum(UI_LANGUAGES).default('en'),
});
export const HelpResponse = z.object({
  status: HelpStatus,
  message: z.string(),
  fallback_used: z.boolean(),
  language_used: z.enum(UI_LANGUAGES).nullable(),
  available_in_en: z.boolean(),
  article: z.object({ title: z.string(), content: z.string() }).nullable(),
});
export type HelpResponse = z.infer<typeof HelpResponse>;

/** Tags a help article may contain after sanitising; everything else is stripped (spec 1 §7). */
export const HELP_ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'blockquote',
] as const;

// ---------- health ----------

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});

/** Whether the process should be sent traffic, and each check behind the answer. */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  /** Every migration of this version applied (pending: an older schema; unknown: the database is down). */
  migrations: z.enum(['ok', 'pending', 'unknown']),
  /** Media can be stored (the data folder is writable, or the bucket answers). */
  storage: z.enum(['ok', 'down']),
  version: z.string(),
});
