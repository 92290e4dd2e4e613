import { describe, expect, it } from 'vitest';
import { markedParts } from './highlights';

const joined = (parts: ReturnType<typeof markedParts>) => parts.map((part) => part.text).join('');

describe('markedParts', () => {
  it('cuts the text at its highlights', () => {
    const text = 'I want to cancel my contract, cancel it today.';
    const parts = markedParts(text, [
      { start: 10, length: 6 },
      { start: 30, length: 6 },
    ]);
    expect(parts).toEqual([
      { text: 'I want to ', marked: false },
      { text: 'cancel', marked: true },
      { text: ' my contract, ', marked: false },
      { text: 'cancel', marked: true },
      { text: ' it today.', marked: false },
    ]);
  });

  it('leaves a text without highlights whole', () => {
    expect(markedParts('Hello', [])).toEqual([{ text: 'Hello', marked: false }]);
    expect(markedParts('', [])).toEqual([]);
  });

  it('marks from the start and up to the end', () => {
    expect(markedParts('cancel now', [{ start: 0, length: 6 }])).toEqual([
      { text: 'cancel', marked: true },
      { text: ' now', marked: false },
    ]);
    expect(markedParts('…now cancel', [{ start: 5, length: 6 }])).toEqual([
      { text: '…now ', marked: false },
      { text: 'cancel', marked: true },
    ]);
  });

  it('merges overlapping and touching highlights, in any order', () => {
    const parts = markedParts('abcdefghij', [
      { start: 6, length: 2 },
      { start: 1, length: 3 },
      { start: 2, length: 3 },
      { start: 5, length: 1 },
    ]);
    expect(parts).toEqual([
      { text: 'a', marked: false },
      { text: 'bcdefgh', marked: true },
      { text: 'ij', marked: false },
    ]);
  });

  it("marks a phrase's words with the spaces between them as one, not words apart by punctuation", () => {
    const text = 'I want Solar  Panels, solar. Panels';
    expect(
      markedParts(text, [
        { start: 7, length: 5 },
        { start: 14, length: 6 },
        { start: 22, length: 5 },
        { start: 29, length: 6 },
      ]),
    ).toEqual([
      { text: 'I want ', marked: false },
      { text: 'Solar  Panels', marked: true },
      { text: ', ', marked: false },
      { text: 'solar', marked: true },
      { text: '. ', marked: false },
      { text: 'Panels', marked: true },
    ]);
  });

  it('clips highlights outside the text and ignores empty ones', () => {
    const text = 'short text';
    const parts = markedParts(text, [
      { start: 6, length: 100 },
      { start: -3, length: 2 },
      { start: 2, length: 0 },
      { start: 40, length: 3 },
    ]);
    expect(parts).toEqual([
      { text: 'short ', marked: false },
      { text: 'text', marked: true },
    ]);
    expect(joined(parts)).toBe(text);
  });

  it('counts offsets in UTF-16 units, as the API does', () => {
    const text = '😀 Скасувати договір';
    const parts = markedParts(text, [{ start: 3, length: 9 }]);
    expect(parts[1]).toEqual({ text: 'Скасувати', marked: true });
    expect(joined(parts)).toBe(text);
  });
});
