import { describe, expect, it } from 'vitest';
import { ApiKeyCreateRequest, RepMappingInput, SupportAccessGrantRequest, TeamLeaderUpdate } from './api.ts';
import {
  API_KEY,
  apiKeyDisplayPrefix,
  apiKeyMask,
  assignableRoles,
  breaksLastOwner,
  canChangeMemberRole,
  canInviteRole,
  canRemoveMember,
  deleteConfirmationMatches,
  deriveTaskPeople,
  INVITE_TTL_MS,
  inviteStatus,
  isApiKeyFormat,
  isReadMethod,
  type RepMappingTarget,
  repIdentifierKey,
  repLookupKeys,
  splitUserName,
  supportAccessHours,
  uniqueNames,
} from './rules.ts';

const key = `pk_live_${'a1B2'.repeat(10)}`;

describe('API key format', () => {
  it('recognises the prefix and 40 base62 characters', () => {
    expect(isApiKeyFormat(key)).toBe(true);
    expect(isApiKeyFormat(key.slice(0, -1))).toBe(false);
    expect(isApiKeyFormat(`${key}x`)).toBe(false);
    expect(isApiKeyFormat(key.replace('pk_live_', 'pk_test_'))).toBe(false);
    expect(isApiKeyFormat(`${key.slice(0, -1)}-`)).toBe(false);
  });

  it('shows the prefix and four characters with an ellipsis', () => {
    expect(apiKeyDisplayPrefix(key)).toBe('pk_live_a1B2');
    expect(apiKeyMask(apiKeyDisplayPrefix(key))).toBe('pk_live_a1B2…');
    expect(API_KEY.defaultType).toBe('full');
  });

  it('splits the creator name into first and last name', () => {
    expect(splitUserName('  Ada   King Lovelace ')).toEqual({ first: 'Ada', last: 'King Lovelace' });
    expect(splitUserName('')).toEqual({ first: '', last: '' });
  });

  it('validates the create request: name required and trimmed, type full by default', () => {
    expect(ApiKeyCreateRequest.parse({ name: ' CRM ' })).toEqual({ name: 'CRM', type: 'full' });
    expect(ApiKeyCreateRequest.safeParse({ name: '   ' }).success).toBe(false);
    expect(ApiKeyCreateRequest.safeParse({ name: 'x', type: 'admin' }).success).toBe(false);
  });
});

describe('membership rules', () => {
  it('owners invite any role, admins anything but owner, others nobody', () => {
    expect(canInviteRole('owner', 'owner')).toBe(true);
    expect(canInviteRole('admin', 'admin')).toBe(true);
    expect(canInviteRole('admin', 'owner')).toBe(false);
    expect(canInviteRole('teamleader', 'user')).toBe(false);
    expect(canInviteRole('user', 'user')).toBe(false);
    expect(assignableRoles('admin')).toEqual(['user', 'teamleader', 'admin']);
    expect(assignableRoles('user')).toEqual([]);
  });

  it("admins can't change owners' roles nor make owners", () => {
    expect(canChangeMemberRole('admin', 'owner', 'admin')).toBe(false);
    expect(canChangeMemberRole('admin', 'user', 'owner')).toBe(false);
    expect(canChangeMemberRole('admin', 'user', 'admin')).toBe(true);
    expect(canChangeMemberRole('owner', 'owner', 'user')).toBe(true);
    expect(canChangeMemberRole('teamleader', 'user', 'user')).toBe(false);
  });

  it('removal: owners anyone, admins not owners, anyone themselves', () => {
    expect(canRemoveMember('admin', 'owner', false)).toBe(false);
    expect(canRemoveMember('admin', 'admin', false)).toBe(true);
    expect(canRemoveMember('user', 'user', false)).toBe(false);
    expect(canRemoveMember('user', 'user', true)).toBe(true);
  });

  it('keeps at least one owner', () => {
    expect(breaksLastOwner(1, 'owner', null)).toBe(true);
    expect(breaksLastOwner(1, 'owner', 'admin')).toBe(true);
    expect(breaksLastOwner(1, 'owner', 'owner')).toBe(false);
    expect(breaksLastOwner(2, 'owner', null)).toBe(false);
    expect(breaksLastOwner(1, 'admin', null)).toBe(false);
  });

  it('tells pending, expired, accepted and revoked invitations apart', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    expect(inviteStatus({ expiresAt }, now)).toBe('pending');
    expect(inviteStatus({ expiresAt: now }, now)).toBe('expired');
    expect(inviteStatus({ expiresAt, acceptedAt: now }, now)).toBe('accepted');
    expect(inviteStatus({ expiresAt, revokedAt: now }, now)).toBe('revoked');
    expect(INVITE_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('confirms deletion with the exact project name', () => {
    expect(deleteConfirmationMatches('Sales calls', ' Sales calls ')).toBe(true);
    expect(deleteConfirmationMatches('Sales calls', 'sales calls')).toBe(false);
    expect(deleteConfirmationMatches('Sales calls', undefined)).toBe(false);
  });
});

describe('rep mapping', () => {
  it('matches names and emails case-insensitively after trimming, phones normalised', () => {
    expect(repIdentifierKey('  Ann  SMITH ')).toBe('ann smith');
    expect(repIdentifierKey('Ann@Example.com')).toBe('ann@example.com');
    expect(repIdentifierKey('204')).toBe('204');
    expect(repIdentifierKey('(555) 123-4567')).toBe('tel:+15551234567');
    expect(repIdentifierKey('+1 555 123 4567')).toBe('tel:+15551234567');
    expect(repIdentifierKey('   ')).toBe('');
  });

  it('looks up representative, agent, extension and email values in that order', () => {
    expect(repLookupKeys({ Email: 'a@x.io', representative: ' 204 ', Department: 'Sales' })).toEqual([
      '204',
      'a@x.io',
    ]);
  });

  it('derives title, representative and department with the mapping applied', () => {
    const mappings = new Map<string, RepMappingTarget>([
      ['204', { representative: 'Ann Smith', department: 'Sales' }],
      ['tel:+15551234567', { representative: 'Bob', department: null }],
    ]);
    expect(deriveTaskPeople({ Title: 'Call', Representative: '204', department: 'Other' }, mappings)).toEqual(
      {
        title: 'Call',
        representative: 'Ann Smith',
        department: 'Sales',
      },
    );
    expect(deriveTaskPeople({ agent: '555-123-4567', Department: 'Support' }, mappings)).toEqual({
      title: null,
      representative: 'Bob',
      department: 'Support',
    });
    expect(deriveTaskPeople({ Representative: 'Zed' }, mappings)).toEqual({
      title: null,
      representative: 'Zed',
      department: null,
    });
  });

  it('validates entries: identifier and representative required, blank department is none', () => {
    expect(RepMappingInput.parse({ identifier: ' 204 ', representative: ' Ann ', department: ' ' })).toEqual({
      identifier: '204',
      representative: 'Ann',
      department: null,
    });
    expect(RepMappingInput.safeParse({ identifier: '', representative: 'Ann' }).success).toBe(false);
    expect(RepMappingInput.safeParse({ identifier: 'x', representative: ' ' }).success).toBe(false);
  });
});

describe('team leaders', () => {
  it('keeps unique, non-blank names', () => {
    expect(uniqueNames([' Sales ', 'sales', '', 'null', 'Support'])).toEqual(['Sales', 'Support']);
    expect(TeamLeaderUpdate.safeParse({ departments: ['a'], representatives: [] }).success).toBe(true);
  });
});

describe('support access', () => {
  it('lasts whole hours or days, at most 30 days', () => {
    expect(supportAccessHours(4, 'hours')).toBe(4);
    expect(supportAccessHours(30, 'days')).toBe(720);
    expect(supportAccessHours(31, 'days')).toBeNull();
    expect(supportAccessHours(721, 'hours')).toBeNull();
    expect(supportAccessHours(0, 'hours')).toBeNull();
    expect(supportAccessHours(1.5, 'hours')).toBeNull();
    expect(SupportAccessGrantRequest.safeParse({ duration: 31, unit: 'days' }).success).toBe(false);
    expect(SupportAccessGrantRequest.parse({ duration: 2 })).toEqual({ duration: 2, unit: 'hours' });
  });

  it('reads are GET, HEAD and OPTIONS', () => {
    expect(isReadMethod('get')).toBe(true);
    expect(isReadMethod('HEAD')).toBe(true);
    expect(isReadMethod('POST')).toBe(false);
    expect(isReadMethod('DELETE')).toBe(false);
  });
});
