import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  chunkCount,
  isSupportedMediaFile,
  isValidUploadUrl,
  missingMetadata,
  normalizeUploadUrl,
} from './upload.ts';

describe('upload rules', () => {
  it('accepts audio/video types or the listed extensions, case-insensitively', () => {
    expect(isSupportedMediaFile('call.bin', 'audio/mpeg')).toBe(true);
    expect(isSupportedMediaFile('clip', 'video/mp4')).toBe(true);
    expect(isSupportedMediaFile('CALL.M4A', '')).toBe(true);
    expect(isSupportedMediaFile('notes.pdf', 'application/pdf')).toBe(false);
    expect(isSupportedMediaFile('mp3', '')).toBe(false);
  });
  it('checks URLs by pattern: scheme optional, dotted host required', () => {
    expect(isValidUploadUrl('https://example.com/a.mp3')).toBe(true);
    expect(isValidUploadUrl('example.com/a.mp3')).toBe(true);
    expect(isValidUploadUrl('http://cdn.example.co.uk:8080/x?y=1')).toBe(true);
    expect(isValidUploadUrl('http://93.184.216.34/call.mp3')).toBe(true);
    expect(isValidUploadUrl('10.0.0.5:8080/a.wav')).toBe(true);
    expect(isValidUploadUrl('localhost/a.mp3')).toBe(false);
    expect(isValidUploadUrl('not a url')).toBe(false);
    expect(isValidUploadUrl('')).toBe(false);
    expect(normalizeUploadUrl('example.com/a')).toBe('https://example.com/a');
    expect(normalizeUploadUrl('http://example.com/a')).toBe('http://example.com/a');
  });
  it('splits into ceil(size / 50 MB) chunks', () => {
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(CHUNK_SIZE)).toBe(1);
    expect(chunkCount(CHUNK_SIZE + 1)).toBe(2);
  });
  it('lists blank required metadata', () => {
    expect(
      missingMetadata(['Department', 'Representative'], { Department: ' ', Representative: 'Ann' }),
    ).toEqual(['Department']);
  });
});
