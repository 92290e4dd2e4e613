import { billingRoutes } from '@parley/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routeKey } from '../../test/utils';
import { answerCreated, audioFile, installFakeXhr } from './testUtils';
import { useUpload } from './useUpload';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const base = { priority: 1, metadata: {} };

function setup() {
  mockFetch({
    [routeKey(billingRoutes.canProcess, { id: 5 })]: () => jsonResponse(200, { data: { can_process: true } }),
  });
  const requests = installFakeXhr(answerCreated);
  const hook = renderHook(() => useUpload(5), { wrapper });
  return { requests, hook };
}

describe('useUpload guards (spec 1 §5, §8)', () => {
  it('no prompt: "Prompt is not selected", nothing sent', async () => {
    const { requests, hook } = setup();
    await act(() => hook.result.current.submit({ ...base, promptId: null, file: audioFile() }));
    expect(hook.result.current.state.status).toBe('error');
    expect(hook.result.current.errorText).toBe('Prompt is not selected');
    expect(requests).toHaveLength(0);
  });

  it('no file and no URL: "Please provide valid input for upload."', async () => {
    const { requests, hook } = setup();
    await act(() => hook.result.current.submit({ ...base, promptId: 3, url: '  ' }));
    expect(hook.result.current.errorText).toBe('Please provide valid input for upload.');
    expect(requests).toHaveLength(0);
  });

  it('force without an earlier request: "Unable to perform force reanalysis"', async () => {
    const { requests, hook } = setup();
    await act(() => hook.result.current.force());
    expect(hook.result.current.errorText).toBe('Unable to perform force reanalysis');
    expect(requests).toHaveLength(0);
  });

  it('goes idle -> uploading -> success and resets to idle', async () => {
    const { requests, hook } = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await hook.result.current.submit({ ...base, promptId: 3, file: audioFile() });
    });
    expect(outcome).toEqual({ kind: 'success', taskId: 101, audioId: 7 });
    expect(hook.result.current.state).toMatchObject({ status: 'success', progress: 100 });
    expect(requests).toHaveLength(1);
    act(() => hook.result.current.reset());
    expect(hook.result.current.state.status).toBe('idle');
  });
});
