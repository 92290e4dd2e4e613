/**
 * What a project's redaction can find in a conversation (issue 34). Each found value is replaced by a
 * placeholder `[TYPE_N]`: the same value gets the same N within one conversation.
 */
export const REDACTION_ENTITY_TYPES = [
  'card_number',
  'card_security_code',
  'card_expiry',
  'iban',
  'bank_account',
  'national_id',
  'phone_number',
  'email',
  'date_of_birth',
] as const;
export type RedactionEntityType = (typeof REDACTION_ENTITY_TYPES)[number];

/** Types a project redacts when redaction is switched on and nobody chose otherwise: all of them. */
export const DEFAULT_REDACTION_TYPES: readonly RedactionEntityType[] = REDACTION_ENTITY_TYPES;

/** The placeholder of the n-th distinct value of a type in a conversation, e.g. `[CARD_NUMBER_1]`. */
export function redactionPlaceholder(type: RedactionEntityType, n: number): string {
  return `[${type.toUpperCase()}_${n}]`;
}

/** Every placeholder in a text, with its type (for highlighting a redacted transcript). */
export const REDACTION_PLACEHOLDER =
  /\[(CARD_NUMBER|CARD_SECURITY_CODE|CARD_EXPIRY|IBAN|BANK_ACCOUNT|NATIONAL_ID|PHONE_NUMBER|EMAIL|DATE_OF_BIRTH)_(\d+)\]/g;
