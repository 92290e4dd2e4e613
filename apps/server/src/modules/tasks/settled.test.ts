import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.ts';
import { emitTaskSettled, onTaskSettled, type SettledTask } from './settled.ts';

const task: SettledTask = { id: 7, projectId: 3, status: 'failed' };

describe("'task settled'", () => {
  it('runs each listener once to its end, even one subscribed twice; a failing one is logged, never thrown', async () => {
    const warn = vi.fn();
    const ctx = { logger: { ...pino({ level: 'silent' }), warn } } as unknown as AppContext;
    const seen: string[] = [];
    const slow = async (_ctx: AppContext, settled: SettledTask) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(`slow ${settled.id}`);
    };
    const failing = async () => {
      throw new Error('database gone');
    };
    const stops = [onTaskSettled(slow), onTaskSettled(slow), onTaskSettled(failing)];

    await emitTaskSettled(ctx, task);
    expect(seen).toEqual(['slow 7']);
    expect(warn).toHaveBeenCalledTimes(1);

    for (const stop of stops) stop();
    await emitTaskSettled(ctx, task);
    expect(seen).toEqual(['slow 7']);
  });
});
