import { describe, expect, it } from 'vitest';
import { maskPersonValue, PersonEraseRequest, PersonExportQuery } from './data-requests.ts';

describe('data requests', () => {
  it('masks a searched value so the audit trail never holds it', () => {
    expect(maskPersonValue('phone', '+44 20 7946 0958')).toBe('+••••••••••58');
    expect(maskPersonValue('phone', '020 7946 0958')).toBe('•••••••••58');
    expect(maskPersonValue('email', 'Jane.Doe@Example.com')).toBe('j•••@e•••');
    expect(maskPersonValue('name', 'Jane  Doe')).toBe('J••• D•••');
    expect(maskPersonValue('name', 'Олена Коваль')).toBe('О••• К•••');
  });

  it('reads the export ids from a comma-separated list, once each, within PostgreSQL integers', () => {
    expect(PersonExportQuery.parse({ task_ids: '3,1,3' }).task_ids).toEqual([3, 1]);
    for (const bad of [
      '',
      '1,,2',
      '1;2',
      '-1',
      '0',
      '2147483648',
      Array.from({ length: 201 }, (_, i) => i + 1).join(','),
    ]) {
      expect(PersonExportQuery.safeParse({ task_ids: bad }).success, bad).toBe(false);
    }
  });

  it('erases only with an explicit confirmation; the blacklist is off unless asked', () => {
    const request = { task_ids: [1], kind: 'phone', value: '+44 20 7946 0958' } as const;
    expect(PersonEraseRequest.safeParse(request).success).toBe(false);
    expect(PersonEraseRequest.safeParse({ ...request, confirm: false }).success).toBe(false);
    expect(PersonEraseRequest.parse({ ...request, confirm: true }).blacklist).toBe(false);
  });
});
