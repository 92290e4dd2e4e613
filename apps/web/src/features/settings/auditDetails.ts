import type { AuditAction, AuditDetails } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { FILTER_KEYS } from '../../shared/api/analysisListQuery';

/** The details keys the trail writes that have a label of their own (others show as written). */
const KNOWN_KEYS = [
  'redaction_enabled',
  'redaction_types',
  'redaction_keep',
  'region',
  'media_retention_days',
  'result_retention_days',
  'name',
  'type',
  'role',
  'format',
  // An export of analyses: the list's filters it was made with.
  ...FILTER_KEYS,
  // A person's data exported or erased (data requests): what was searched for, and how much.
  'kind',
  'value',
  'analyses',
  'skipped',
  'media_removed',
  'blacklisted',
  'media',
  'task_ids',
  // A member signed out everywhere, or require SSO applied: how many sessions ended.
  'sessions',
  // Single sign-on and SCIM changes.
  'connection',
  'protocol',
  'required',
  'changed',
  'enabled',
  'domain',
  'without_dns',
  'group',
] as const;
type KnownKey = (typeof KNOWN_KEYS)[number];
const isKnown = (key: string): key is KnownKey => (KNOWN_KEYS as readonly string[]).includes(key);

/** Protocol names are not translated. */
const SSO_PROTOCOL_NAMES: Record<string, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

/** A privacy change leaves out what is not set: no retention days (kept forever), no region. */
const PRIVACY_DEFAULTS: Record<string, null> = {
  region: null,
  media_retention_days: null,
  result_retention_days: null,
};

export interface DetailLine {
  key: string;
  label: string;
  value: string;
}

function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function valueText(key: string, value: string | number | boolean | null, t: TFunction, language: string) {
  if (value === null) {
    return key === 'region' ? t('audit.details.noRegion') : t('audit.details.keptForever');
  }
  if (typeof value === 'boolean') return value ? t('audit.details.yes') : t('audit.details.no');
  const text = String(value);
  switch (key) {
    case 'redaction_types':
      return text
        ? text
            .split(',')
            .map((type) => t(`settings.privacy.types.${type}`, { defaultValue: type }))
            .join(', ')
        : t('audit.details.none');
    case 'redaction_keep':
      return t(`audit.details.keep.${text}`, { defaultValue: text });
    case 'region':
      return regionName(text, language);
    case 'media_retention_days':
    case 'result_retention_days':
      return t('audit.details.days', { count: Number(value) });
    case 'type':
      return t(`settings.apiKeys.types.${text}`, { defaultValue: text });
    case 'role':
      return t(`memberRoles.${text}`, { defaultValue: text });
    case 'format':
      return text.toUpperCase();
    case 'kind':
      return t(`audit.details.kinds.${text}`, { defaultValue: text });
    case 'task_ids':
      return text.split(',').join(', ');
    case 'changed':
      return text
        .split(',')
        .map((field) => t(`audit.details.fields.${field}`, { defaultValue: field }))
        .join(', ');
    case 'protocol':
      return SSO_PROTOCOL_NAMES[text] ?? text;
    default:
      return text;
  }
}

/** An entry's details as labelled lines in the reader's language, the known ones first in a fixed order. */
export function detailLines(
  action: AuditAction,
  details: AuditDetails,
  t: TFunction,
  language: string,
): DetailLine[] {
  const all: Record<string, string | number | boolean | null> =
    action === 'privacy_settings_changed' ? { ...PRIVACY_DEFAULTS, ...details } : { ...details };
  const keys = Object.keys(all);
  const known = KNOWN_KEYS.filter((key) => keys.includes(key));
  const others = keys.filter((key) => !isKnown(key)).sort();
  return [...known, ...others].map((key) => ({
    key,
    label: isKnown(key) ? t(`audit.details.keys.${key}`) : key,
    value: valueText(key, all[key] ?? null, t, language),
  }));
}
