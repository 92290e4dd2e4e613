import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/utils';
import {
  audioFile,
  chooseFile,
  created,
  type FakeRequest,
  installFakeXhr,
  mockUploadApi,
  promptSelect,
  UPLOAD_PATH,
  type UploadAnswer,
  uploadButton,
  uploadRoutes,
} from './testUtils';

// Rendering the whole page in jsdom is slow on a busy machine; the steps themselves are fast.

// The real chunk size is 50 MB (CHUNK_SIZE, checked in logic.test.ts); here the page gets 10 bytes.
const CHUNK = 10;

async function openWithFile(size: number) {
  renderRoutes(uploadRoutes(CHUNK), UPLOAD_PATH);
  await waitFor(() => expect(promptSelect()).toHaveTextContent('Sales QA'), { timeout: 5000 });
  fireEvent.change(screen.getByTestId('metadata-value-Department'), { target: { value: 'Sales' } });
  fireEvent.change(screen.getByTestId('metadata-value-Representative'), { target: { value: 'Ann' } });
  const file = new File(['0123456789abcdefghijKLMNO'.slice(0, size)], 'long-call.wav', { type: 'audio/wav' });
  chooseFile(file);
  return file;
}

const percent = () => screen.getByTestId('upload-percent').textContent;
/** The answer to every chunk but the last. */
const received = (index: number, total = 3): UploadAnswer => ({ data: { received: index + 1, total } });
const chunkText = async (request: FakeRequest) => (request.form.get('file') as File).text();

describe('chunked upload (spec 1 §4, §9)', () => {
  it('sends files above the chunk size in sequential chunks with one upload id; progress counts bytes', async () => {
    mockUploadApi();
    const requests = installFakeXhr();
    await openWithFile(25);
    fireEvent.click(uploadButton());

    await waitFor(() => expect(requests).toHaveLength(1));
    const first = requests[0]!;
    expect(first.url).toBe('/api/projects/5/uploads/chunks');
    const uploadId = String(first.form.get('upload_id'));
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first.form.get('chunk_index')).toBe('0');
    expect(first.form.get('chunk_total')).toBe('3');
    expect(first.form.get('prompt_id')).toBe('11');
    expect(first.form.get('file_name')).toBe('long-call.wav');
    expect((first.form.get('file') as File).name).toBe('long-call.wav');
    expect(await chunkText(first)).toBe('0123456789');

    // half of the first request: 5 of 25 bytes
    first.progress(100, 200);
    await waitFor(() => expect(percent()).toBe('20%'));
    first.respond(200, received(0));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(percent()).toBe('40%');

    const second = requests[1]!;
    expect(second.form.get('upload_id')).toBe(uploadId);
    expect(second.form.get('chunk_index')).toBe('1');
    expect(await chunkText(second)).toBe('abcdefghij');
    second.progress(150, 200); // 7.5 bytes of this chunk: (10 + 7.5) / 25
    await waitFor(() => expect(percent()).toBe('70%'));
    second.respond(200, received(1));

    await waitFor(() => expect(requests).toHaveLength(3));
    const third = requests[2]!;
    expect(third.form.get('chunk_index')).toBe('2');
    expect(third.form.get('chunk_total')).toBe('3');
    expect(third.form.get('upload_id')).toBe(uploadId);
    expect((third.form.get('file') as File).size).toBe(5);
    expect(await chunkText(third)).toBe('KLMNO');
    third.progress(200, 200);
    await waitFor(() => expect(percent()).toBe('100%'));
    third.respond(201, created(55));

    expect(await screen.findByTestId('upload-success')).toHaveTextContent('Upload successful! Task ID: 55');
    expect(requests).toHaveLength(3);
  });

  it('a file of exactly the chunk size goes in one request', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) => request.respond(201, created(1)));
    await openWithFile(CHUNK);
    fireEvent.click(uploadButton());
    await screen.findByTestId('upload-success');
    expect(requests.map((request) => request.url)).toEqual(['/api/projects/5/uploads']);
  });

  it('a refused chunk stops the upload with "Chunk upload failed" and the server’s reason', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) =>
      request.form.get('chunk_index') === '1'
        ? request.respond(400, { error: { code: 'validation_error', message: 'chunk_index: out of range' } })
        : request.respond(200, received(0)),
    );
    await openWithFile(25);
    fireEvent.click(uploadButton());
    const error = await screen.findByTestId('upload-error');
    expect(error).toHaveTextContent('Chunk upload failed');
    expect(within(error).getByTestId('upload-error-detail')).toHaveTextContent('chunk_index: out of range');
    expect(requests).toHaveLength(2);
    expect(uploadButton()).toBeEnabled();
  });

  it('a duplicate on the last chunk offers force; a failed forced chunk says so', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) => {
      if (request.form.get('force') === 'true') {
        request.fail();
        return;
      }
      if (request.form.get('chunk_index') === '2') {
        request.respond(200, {
          data: { duplicate: true, existing_task_id: 4 },
          message: 'File Already Analyzed',
        });
        return;
      }
      request.respond(200, received(0));
    });
    await openWithFile(25);
    fireEvent.click(uploadButton());
    const warning = await screen.findByTestId('upload-duplicate');
    expect(requests).toHaveLength(3);

    fireEvent.click(within(warning).getByRole('button', { name: 'Force Reanalyze' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'Force reanalysis chunk upload failed',
    );
    expect(screen.queryByTestId('upload-error-detail')).not.toBeInTheDocument();
    // the force used a new upload id
    expect(requests[3]?.form.get('upload_id')).not.toBe(requests[0]?.form.get('upload_id'));
  });

  it('chunk answers that never bring a result end in "Chunk upload failed"', async () => {
    mockUploadApi();
    installFakeXhr((request) => request.respond(200, received(Number(request.form.get('chunk_index')))));
    await openWithFile(25);
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(/^Chunk upload failed$/);
  });
});

// A file whose reported size is above the real 50 MB limit goes in chunks without a prop override.
describe('real chunk size', () => {
  it('splits a file reported larger than 50 MB', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) => request.respond(200, received(0, 2)));
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    await waitFor(() => expect(promptSelect()).toHaveTextContent('Sales QA'), { timeout: 5000 });
    fireEvent.change(screen.getByTestId('metadata-value-Department'), { target: { value: 'Sales' } });
    fireEvent.change(screen.getByTestId('metadata-value-Representative'), { target: { value: 'Ann' } });
    const file = audioFile('huge.mp3', 4);
    const size = 52_428_800 + 1;
    Object.defineProperty(file, 'size', { value: size });
    file.slice = (start = 0, end = size) => new Blob([new Uint8Array(Math.max(0, Math.min(end, 8) - start))]);
    chooseFile(file);
    expect(screen.getByTestId('file-size')).toHaveTextContent('50.00 MB');
    fireEvent.click(uploadButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.form.get('chunk_total'))).toEqual(['2', '2']);
    expect(requests.map((request) => request.form.get('chunk_index'))).toEqual(['0', '1']);
  });
});
