/** Single upload rules of spec 1 §4, §5, §9, shared by the upload panel and the server. */

/** Files above this size go up in chunks of this size (50 MB), sharing one upload id. */
export const CHUNK_SIZE = 52_428_800;
export function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / CHUNK_SIZE));
}

/** Largest file the server accepts (single or assembled from chunks). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;

export const PRIORITIES = { high: 0, normal: 1, low: 2 } as const;
export type Priority = (typeof PRIORITIES)[keyof typeof PRIORITIES];
export const DEFAULT_PRIORITY: Priority = 1;

export const MEDIA_EXTENSIONS = [
  'mp3',
  'wav',
  'ogg',
  'm4a',
  'flac',
  'mp4',
  'webm',
  'mov',
  'avi',
  'mkv',
] as const;
/** Text conversations (chat exports) skip transcription. */
export const TEXT_EXTENSIONS = ['txt', 'json'] as const;

function extension(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** Spec 1 §5: type starts with audio/ or video/, or the name ends in a supported extension. */
export function isSupportedMediaFile(name: string, type: string): boolean {
  return /^(audio|video)\//.test(type) || (MEDIA_EXTENSIONS as readonly string[]).includes(extension(name));
}

export function isTextConversationFile(name: string): boolean {
  return (TEXT_EXTENSIONS as readonly string[]).includes(extension(name));
}

/**
 * Spec 1 §5: scheme optional, a dotted host required (a domain name or an IPv4 address). Empty is not valid
 * (the button stays disabled). Whether the host may be fetched is the server's decision (SSRF guard).
 */
export function isValidUploadUrl(value: string): boolean {
  const text = value.trim();
  if (!text) return false;
  return /^(https?:\/\/)?(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(
    text,
  );
}

/** Adds https:// when the user typed a URL without a scheme. */
export function normalizeUploadUrl(value: string): string {
  const text = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
}

/** The required metadata fields of a prompt that are blank (spec 1 §5). */
export function missingMetadata(required: readonly string[], metadata: Record<string, string>): string[] {
  return required.filter((name) => !(metadata[name] ?? '').trim());
}

/** Exact texts of spec 1 §5 and §8 for the upload panel. */
export const UPLOAD_TEXTS = {
  unsupportedFile:
    'Please upload a supported audio or video file (e.g., mp3, wav, ogg, m4a, flac, mp4, webm, mov, avi, mkv).',
  invalidUrl: 'Please enter a valid URL.',
  missingMetadata: 'Please fill in the required metadata field(s): {names}.',
  noPrompts: 'Please create a prompt first to analyze your audio',
  promptsLoadFailed: 'Failed to load prompts. Please try refreshing the page.',
  insufficientFunds:
    'Insufficient funds to process this file. Please add funds to your account or purchase units before uploading.',
  invalidInput: 'Please provide valid input for upload.',
  chunkFailed: 'Chunk upload failed',
  forceChunkFailed: 'Force reanalysis chunk upload failed',
  promptNotSelected: 'Prompt is not selected',
  forceFailed: 'Unable to perform force reanalysis',
  uploadError: 'An error occurred during upload.',
  forceError: 'An error occurred during force reanalysis.',
  duplicateTitle: 'File Already Analyzed',
  duplicateFallback: 'This file was already analyzed.',
  inProgressTitle: 'Analysis In Progress',
  inProgressFallback: 'An analysis is already in progress.',
  viewExisting: 'View Existing Analysis',
  forceReanalyze: 'Force Reanalyze',
  forceRestart: 'Force Restart Analysis',
  successTask: 'Upload successful! Task ID: {id}',
  successAudio: 'Upload successful! Audio ID: {id}',
  success: 'Upload successful!',
  forceStarted: 'Force reanalysis started! Task ID: {id}',
} as const;
