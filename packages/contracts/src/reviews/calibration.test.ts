import { describe, expect, it } from 'vitest';
import { answersAgree, CALIBRATION, CalibrationCreateRequest } from './calibration.ts';

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('starting a calibration session', () => {
  it('counts a repeated reviewer once, and needs 2 to 20 different ones', () => {
    expect(CalibrationCreateRequest.parse({ task_id: 7, reviewer_ids: [3, 4, 3] })).toEqual({
      task_id: 7,
      name: '',
      reviewer_ids: [3, 4],
    });
    expect(CalibrationCreateRequest.safeParse({ task_id: 7, reviewer_ids: [3, 3] }).success).toBe(false);
    const most = ids(CALIBRATION.participantsMax);
    expect(CalibrationCreateRequest.safeParse({ task_id: 7, reviewer_ids: [...most, 1] }).success).toBe(true);
    const tooMany = CalibrationCreateRequest.safeParse({ task_id: 7, reviewer_ids: [...most, 99] });
    expect(tooMany.error?.issues[0]?.message).toBe('Choose at most 20 reviewers.');
    expect(CalibrationCreateRequest.safeParse({ task_id: 7, reviewer_ids: ids(101) }).success).toBe(false);
  });
});

describe('answersAgree', () => {
  it('needs two answers, and compares them as JSON', () => {
    expect(answersAgree([])).toBeNull();
    expect(answersAgree(['ok'])).toBeNull();
    expect(answersAgree(['ok', 'ok', 'ok'])).toBe(true);
    expect(answersAgree([2, 3])).toBe(false);
    expect(answersAgree([null, undefined])).toBe(true);
    expect(
      answersAgree([
        ['a', 'b'],
        ['a', 'b'],
      ]),
    ).toBe(true);
    expect(
      answersAgree([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toBe(false);
  });
});
