import { TIMINGS } from '@parley/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, testRouter } from '../../test/utils';
import { useGuardedClick, useSafeNavigate } from './useSafeNavigate';

function Harness({ onClick }: { onClick: () => void }) {
  const navigate = useSafeNavigate();
  const guarded = useGuardedClick(onClick);
  return (
    <>
      <LocationProbe />
      <button type="button" onClick={() => navigate('/a')}>
        to a
      </button>
      <button type="button" onClick={() => navigate('/b')}>
        to b
      </button>
      <button type="button" onClick={() => navigate('/start')}>
        to start
      </button>
      <button type="button" onClick={() => guarded()}>
        guarded
      </button>
    </>
  );
}

function setup() {
  const onClick = vi.fn();
  const router = testRouter();
  render(
    <MemoryRouter initialEntries={['/start']}>
      <router.Probe />
      <Harness onClick={onClick} />
    </MemoryRouter>,
  );
  return { router, onClick };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const location = () => screen.getByTestId('location').textContent;

describe('navigation helper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ignores a repeated navigation within 1 s and allows it afterwards', async () => {
    const { router } = setup();
    fireEvent.click(screen.getByText('to a'));
    await flush();
    expect(location()).toBe('/a');
    const firstKey = router.location.key;

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.navigationDebounceMs - 1));
    fireEvent.click(screen.getByText('to a'));
    await flush();
    // within 1 s of the first: ignored, no new history entry
    expect(router.location.key).toBe(firstKey);

    await act(() => vi.advanceTimersByTimeAsync(1));
    fireEvent.click(screen.getByText('to a'));
    await flush();
    expect(location()).toBe('/a');
    expect(router.location.key).not.toBe(firstKey);
  });

  it('lets a different destination through', async () => {
    setup();
    fireEvent.click(screen.getByText('to a'));
    await flush();
    fireEvent.click(screen.getByText('to b'));
    await flush();
    expect(location()).toBe('/b');
  });

  it('ignores clicks within 500 ms of the last accepted click', async () => {
    const { onClick } = setup();
    fireEvent.click(screen.getByText('guarded'));
    fireEvent.click(screen.getByText('guarded'));
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.clickDebounceMs - 1));
    fireEvent.click(screen.getByText('guarded'));
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    fireEvent.click(screen.getByText('guarded'));
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
