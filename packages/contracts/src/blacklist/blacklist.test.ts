import { describe, expect, it } from 'vitest';
import { BlacklistCreateRequest, BlacklistListQuery, BlacklistUpdateRequest } from './api.ts';
import {
  BLACKLIST_TEXTS,
  blacklistExportFileName,
  isPlausiblePhone,
  normalizePhone,
  phoneFromMetadata,
  phoneNumberError,
} from './rules.ts';

describe('phone normalisation (spec 1 §5)', () => {
  it('keeps digits and plus; 10 digits without plus get +1, others a plus', () => {
    expect(normalizePhone('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhone('555.123.4567')).toBe('+15551234567');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('442079460958')).toBe('+442079460958');
    expect(normalizePhone('15551234567')).toBe('+15551234567');
    expect(normalizePhone('+1 (555) 123-4567 ')).toBe('+15551234567');
    expect(normalizePhone('12345')).toBe('+12345');
    expect(normalizePhone("'+15551234567")).toBe('+15551234567');
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone('call me')).toBe('');
  });

  it('finds a plausible number: 7 to 15 digits after one plus', () => {
    expect(isPlausiblePhone('+1234567')).toBe(true);
    expect(isPlausiblePhone('+123456789012345')).toBe(true);
    expect(isPlausiblePhone('+123456')).toBe(false);
    expect(isPlausiblePhone('+1234567890123456')).toBe(false);
    expect(isPlausiblePhone('+1+234567890')).toBe(false);
    expect(phoneNumberError('')).toBe(BLACKLIST_TEXTS.phoneRequired);
    expect(phoneNumberError('12-34')).toBe(BLACKLIST_TEXTS.phoneInvalid);
    expect(phoneNumberError('+1234567890')).toBeNull();
  });

  it('validates requests: raw number sent, note at most 500, empty note is none', () => {
    expect(
      BlacklistCreateRequest.parse({ project_id: '3', phone_number: ' (555) 123-4567 ', note: '' }),
    ).toEqual({
      project_id: 3,
      phone_number: '(555) 123-4567',
      note: null,
    });
    expect(BlacklistUpdateRequest.safeParse({ phone_number: 'abc' }).error?.issues[0]?.message).toBe(
      BLACKLIST_TEXTS.phoneInvalid,
    );
    expect(
      BlacklistUpdateRequest.safeParse({ phone_number: '+1234567890', note: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(
      BlacklistUpdateRequest.safeParse({ phone_number: '+1234567890', note: 'x'.repeat(500) }).success,
    ).toBe(true);
    expect(BlacklistListQuery.parse({ project_id: '1' })).toEqual({ project_id: 1, page: 1, limit: 50 });
    expect(BlacklistListQuery.safeParse({ project_id: '1', limit: '101' }).success).toBe(false);
  });

  it("reads the phone metadata: the project's field, else phone, any case", () => {
    expect(phoneFromMetadata({ Phone: ' +1 555 ' }, null)).toBe('+1 555');
    expect(phoneFromMetadata({ PHONE: '1' }, '')).toBe('1');
    expect(phoneFromMetadata({ phone: '1', 'Caller Number': '2' }, 'caller number')).toBe('2');
    expect(phoneFromMetadata({ phone: '1' }, 'Caller')).toBeNull();
    expect(phoneFromMetadata({ phone: '  ' }, null)).toBeNull();
  });

  it('names the export file blacklist-project-{id}-{timestamp}.csv', () => {
    expect(blacklistExportFileName(7, new Date('2026-03-14T15:09:26.535Z'))).toBe(
      'blacklist-project-7-20260314-150926.csv',
    );
  });
});
