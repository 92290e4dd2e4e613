import { TIMINGS } from '@parley/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/utils';
import {
  answerCreated,
  audioFile,
  chooseFile,
  installFakeXhr,
  mockUploadApi,
  stubScrollIntoView,
  UPLOAD_PATH,
  uploadButton,
  uploadRoutes,
} from './testUtils';

// Rendering the whole page in jsdom is slow on a busy machine; the steps themselves are fast.

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const location = () => screen.getByTestId('location').textContent;
const fieldValue = (name: string) => screen.getByTestId(`metadata-value-${name}`);
const section = () => screen.getByTestId('metadata-section');

async function open() {
  renderRoutes(uploadRoutes(), UPLOAD_PATH);
  for (let i = 0; i < 20; i += 1) await advance(50);
  expect(fieldValue('Department')).toBeInTheDocument();
}

function fillAndUpload() {
  fireEvent.change(fieldValue('Department'), { target: { value: 'Sales' } });
  fireEvent.change(fieldValue('Representative'), { target: { value: 'Ann' } });
  chooseFile(audioFile());
  fireEvent.click(uploadButton());
}

describe('upload timings (spec 1 §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes to the analyses 2 s after a success', async () => {
    mockUploadApi();
    installFakeXhr(answerCreated);
    await open();
    fillAndUpload();
    for (let i = 0; i < 5; i += 1) await flush();
    expect(screen.getByTestId('upload-success')).toHaveTextContent('Upload successful! Task ID: 101');
    await advance(TIMINGS.uploadRedirectMs - 1);
    expect(location()).toBe(UPLOAD_PATH);
    await advance(1);
    expect(location()).toBe('/projects/5/analyses');
  });

  it('goes to the analyses 2 s after a forced reanalysis started', async () => {
    mockUploadApi();
    installFakeXhr((request) =>
      request.form.get('force') === 'true'
        ? request.respond(201, { data: { restarted: true, task_id: 130 }, message: '' })
        : request.respond(200, { data: { in_progress: true, existing_task_id: 130 }, message: '' }),
    );
    await open();
    fillAndUpload();
    for (let i = 0; i < 5; i += 1) await flush();
    // no redirect while the analysis is only in progress
    await advance(TIMINGS.uploadRedirectMs * 2);
    expect(location()).toBe(UPLOAD_PATH);
    fireEvent.click(
      within(screen.getByTestId('upload-in-progress')).getByRole('button', {
        name: 'Force Restart Analysis',
      }),
    );
    for (let i = 0; i < 5; i += 1) await flush();
    expect(screen.getByTestId('upload-success')).toHaveTextContent('Force reanalysis started! Task ID: 130');
    await advance(TIMINGS.uploadRedirectMs - 1);
    expect(location()).toBe(UPLOAD_PATH);
    await advance(1);
    expect(location()).toBe('/projects/5/analyses');
  });

  it('blank required metadata: fields red for 3 s, the section scrolls into view and is highlighted for 2 s', async () => {
    const fetch = mockUploadApi();
    const requests = installFakeXhr(answerCreated);
    const scrolled = stubScrollIntoView();
    await open();
    // collapse the section first: the failed attempt opens it again
    fireEvent.click(within(section()).getByRole('button', { name: /Call Metadata/ }));
    await advance(500);
    fireEvent.change(fieldValue('Representative'), { target: { value: 'Ann' } });
    chooseFile(audioFile());
    fireEvent.click(uploadButton());
    await flush();

    expect(screen.getByTestId('upload-error')).toHaveTextContent(
      'Please fill in the required metadata field(s): Department.',
    );
    expect(within(section()).getByRole('button', { name: /Call Metadata/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(scrolled).toEqual([section()]);
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'true');
    expect(fieldValue('Representative')).toHaveAttribute('aria-invalid', 'false');
    expect(section()).toHaveAttribute('data-highlighted', 'true');
    expect(requests).toHaveLength(0);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('can-process'))).toBe(false);

    await advance(TIMINGS.metadataSectionHighlightMs - 1);
    expect(section()).toHaveAttribute('data-highlighted', 'true');
    await advance(1);
    expect(section()).toHaveAttribute('data-highlighted', 'false');
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'true');

    await advance(TIMINGS.metadataErrorHighlightMs - TIMINGS.metadataSectionHighlightMs - 1);
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'true');
    await advance(1);
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'false');
    // the message stays until the next attempt
    expect(screen.getByTestId('upload-error')).toBeInTheDocument();
  });

  it('a new failed attempt restarts the highlight timers', async () => {
    mockUploadApi();
    installFakeXhr(answerCreated);
    stubScrollIntoView();
    await open();
    chooseFile(audioFile());
    fireEvent.click(uploadButton());
    await advance(TIMINGS.metadataErrorHighlightMs - 500);
    fireEvent.click(uploadButton());
    await advance(TIMINGS.metadataErrorHighlightMs - 1);
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'true');
    await advance(1);
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'false');
  });
});
