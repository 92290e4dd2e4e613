import {
  findPlaceholders,
  isUiLanguage,
  type PrivacySettings,
  type RedactionEntityType,
  UI_LANGUAGES,
  type UiLanguage,
} from '@parley/contracts';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { redactConversation } from './redaction/redact.ts';

export interface RedactedSegments<S> {
  segments: S[];
  /** The segments as they were, when the project keeps originals and something was redacted; else null. */
  original: S[] | null;
}

const optionsOf = (settings: PrivacySettings) => ({
  types: settings.redaction_types,
  region: settings.region !== null && isSupportedCountry(settings.region) ? settings.region : null,
});

/**
 * A conversation's segments (a recording's) or messages (a chat's) with the project's chosen personal data
 * replaced by placeholders, all of them read as one conversation; unchanged when redaction is off.
 */
export function redactSegments<S extends { text: string }>(
  segments: S[],
  settings: PrivacySettings,
  /** The language the transcription heard (a code or a name), when known: only its number words count. */
  language: string | null = null,
): RedactedSegments<S> {
  if (!settings.redaction_enabled) return { segments, original: null };
  const redaction = redactConversation(
    segments.map((segment) => segment.text),
    { ...optionsOf(settings), language: uiLanguageOf(language) },
  );
  if (redaction.entities.length === 0) return { segments, original: null };
  return {
    segments: segments.map((segment, index) => ({ ...segment, text: redaction.pieces[index]! })),
    original: settings.redaction_keep === 'redacted_and_original' ? segments : null,
  };
}

const ENGLISH_NAMES = new Intl.DisplayNames('en', { type: 'language' });

/** A UI language from what a transcription service reports: a code ("uk", "pt-BR") or a name ("ukrainian"). */
function uiLanguageOf(reported: string | null): UiLanguage | null {
  const value = reported?.trim().toLowerCase();
  if (!value) return null;
  const code = value.split(/[-_]/)[0];
  if (isUiLanguage(code)) return code;
  return UI_LANGUAGES.find((language) => ENGLISH_NAMES.of(language)?.toLowerCase() === value) ?? null;
}

/** The highest placeholder number of each type in an already redacted text. */
function placeholdersIn(text: string): Partial<Record<RedactionEntityType, number>> {
  const taken: Partial<Record<RedactionEntityType, number>> = {};
  for (const { type, n } of findPlaceholders(text)) taken[type] = Math.max(taken[type] ?? 0, n);
  return taken;
}

/**
 * The conversation's details a prompt includes (metadata values and the file name), redacted like its
 * transcript: new placeholders continue the transcript's numbering. Stored metadata stays as it is (the
 * blacklist and rep mapping read it); only what is sent is redacted.
 */
export function redactDetails(
  details: { metadata: Record<string, string>; fileName: string },
  redactedTranscript: string,
  settings: PrivacySettings,
): { metadata: Record<string, string>; fileName: string } {
  if (!settings.redaction_enabled) return details;
  const entries = Object.entries(details.metadata);
  const redaction = redactConversation([...entries.map(([, value]) => value), details.fileName], {
    ...optionsOf(settings),
    taken: placeholdersIn(redactedTranscript),
  });
  return {
    metadata: Object.fromEntries(entries.map(([key], index) => [key, redaction.pieces[index]!])),
    fileName: redaction.pieces.at(-1)!,
  };
}
