import type { ChunkReceivedResponse, ErrorBody, UploadPrompt, UploadResponse } from '@parley/contracts';
import { billingRoutes, projectRoutes, uploadRoutes as uploadApiRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import type { z } from 'zod';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeKey, testProject } from '../../test/utils';
import UploadPage from './UploadPage';

/** Test helpers for the upload page (not used by the app). */

export function uploadRoutes(chunkSize?: number): RouteObject[] {
  return [
    {
      path: '/projects/:projectId',
      element: <ProjectGuard />,
      children: [
        { path: 'analysis/upload', element: <UploadPage chunkSize={chunkSize} /> },
        { path: 'analyses', element: <div>analyses list</div> },
      ],
    },
    { path: '*', element: <div>elsewhere</div> },
  ];
}

export const UPLOAD_PATH = '/projects/5/analysis/upload';

/** GET /projects/5/upload-prompts: the project's prompts, by name as the server lists them. */
export const uploadPrompts = [
  { id: 11, name: 'Sales QA', project_id: 5, metadataFields: ['Department', 'Representative'] },
  {
    id: 12,
    name: 'Support Triage',
    project_id: 5,
    metadataFields: ['Department', 'Representative', 'Region'],
  },
  { id: 30, name: 'Text Chat Review', project_id: 5, metadataFields: [] },
] satisfies z.input<typeof UploadPrompt>[];

/** The API the upload page calls (fetch), answering from fixtures; override any route. */
export function mockUploadApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: uploadPrompts }),
    [routeKey(billingRoutes.canProcess, { id: 5 })]: () => jsonResponse(200, { data: { can_process: true } }),
    ...overrides,
  });
}

/** What an upload route answers: a result, a chunk's receipt, or an error. */
export type UploadAnswer =
  | z.input<typeof UploadResponse>
  | z.input<typeof ChunkReceivedResponse>
  | z.input<typeof ErrorBody>;

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The multipart body (throws for a JSON request). */
  form: FormData;
  /** The JSON body (throws for a multipart request). */
  json: Record<string, unknown>;
  /** Reports upload progress of this request's body. */
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: UploadAnswer) => void;
  /** The connection breaks. */
  fail: () => void;
}

/**
 * Replaces XMLHttpRequest (the upload transport). Each request is recorded; `handler` may answer it at
 * once (else the test answers through the recorded request).
 */
export function installFakeXhr(handler?: (request: FakeRequest) => void) {
  const requests: FakeRequest[] = [];

  class FakeXhr {
    method = '';
    url = '';
    status = 0;
    statusText = '';
    responseText = '';
    headers: Record<string, string> = {};
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private finished = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      if (this.finished) return;
      this.finished = true;
      this.onabort?.();
    }

    send(body: unknown) {
      const request: FakeRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        get form() {
          if (!(body instanceof FormData)) throw new Error('not a multipart request');
          return body;
        },
        get json() {
          if (typeof body !== 'string') throw new Error('not a JSON request');
          return JSON.parse(body) as Record<string, unknown>;
        },
        progress: (loaded, total) =>
          this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent),
        respond: (status, answer) => {
          if (this.finished) return;
          this.finished = true;
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
        fail: () => {
          if (this.finished) return;
          this.finished = true;
          this.onerror?.();
        },
      };
      requests.push(request);
      handler?.(request);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

export const created = (taskId = 101, audioId = 7) =>
  ({
    data: { task_id: taskId, audio: { id: audioId } },
    message: `Upload successful! Task ID: ${taskId}`,
    analysis_url: `/projects/5/analysis/${taskId}`,
  }) satisfies z.input<typeof UploadResponse>;

/** Every request is answered with 201 and a new task. */
export const answerCreated = (request: FakeRequest) => request.respond(201, created());

export function audioFile(name = 'call.mp3', size = 1024, type = 'audio/mpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Chooses a file through the drop zone's hidden input. */
export function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('file-drop-input'), { target: { files: [file] } });
}

export const uploadButton = () => screen.getByRole('button', { name: /^Upload$|^Uploading/ });
export const promptSelect = () => screen.getByRole('combobox', { name: 'Analysis Prompt' });
export const tabNamed = (name: string) => screen.getByRole('tab', { name });

/** Opens an MUI select and clicks an option. */
export function chooseOption(combobox: HTMLElement, name: string | RegExp) {
  fireEvent.mouseDown(combobox);
  const listbox = screen.getByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name }));
}

export function optionNames(combobox: HTMLElement): string[] {
  fireEvent.mouseDown(combobox);
  const listbox = screen.getByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  return names;
}

/** jsdom has no scrollIntoView: records the elements scrolled to until the test ends. */
export function stubScrollIntoView(): Element[] {
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
  onTestFinished(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  return scrolled;
}
