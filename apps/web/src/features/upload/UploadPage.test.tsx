import { billingRoutes, uploadRoutes as uploadApiRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';
import {
  answerCreated,
  audioFile,
  chooseFile,
  chooseOption,
  created,
  installFakeXhr,
  mockUploadApi,
  optionNames,
  promptSelect,
  stubScrollIntoView,
  tabNamed,
  UPLOAD_PATH,
  uploadButton,
  uploadPrompts,
  uploadRoutes,
} from './testUtils';

// Rendering the whole page in jsdom is slow on a busy machine; the steps themselves are fast.

const calls = (fetch: ReturnType<typeof mockUploadApi>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).split('?')[0] === path).length;

async function open(path = UPLOAD_PATH) {
  const result = renderRoutes(uploadRoutes(), path);
  await waitFor(() => expect(promptSelect()).toHaveTextContent('Sales QA'), { timeout: 5000 });
  return result;
}

const fieldValue = (name: string) => screen.getByTestId(`metadata-value-${name}`) as HTMLInputElement;

async function fillRequiredMetadata() {
  fireEvent.change(fieldValue('Department'), { target: { value: 'Sales' } });
  fireEvent.change(fieldValue('Representative'), { target: { value: 'Ann' } });
}

describe('upload page: layout and prompts', () => {
  it('links to bulk upload, has two tabs and says which files are accepted', async () => {
    mockUploadApi();
    installFakeXhr();
    await open();
    expect(screen.getByRole('heading', { name: 'Upload a Conversation' })).toBeInTheDocument();
    expect(screen.getByTestId('bulk-upload-link')).toHaveAttribute(
      'href',
      '/projects/5/analysis/bulk-upload',
    );
    expect(tabNamed('File Upload')).toHaveAttribute('aria-selected', 'true');
    expect(tabNamed('URL Upload')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByTestId('file-drop')).toHaveTextContent(
      'Drag and drop a file here, or click to browse',
    );
    expect(screen.getByTestId('file-drop')).toHaveTextContent(
      'Audio or video (mp3, wav, ogg, m4a, flac, mp4, webm, mov, avi, mkv), or a text conversation (.txt, .json).',
    );
    expect(uploadButton()).toBeDisabled();
  });

  it("lists the project's prompts from one call; the first one is chosen", async () => {
    const fetch = mockUploadApi();
    installFakeXhr();
    await open();
    expect(calls(fetch, '/api/projects/5/upload-prompts')).toBe(1);
    expect(calls(fetch, '/api/projects/5/prompts')).toBe(0);
    expect(optionNames(promptSelect())).toEqual(['Sales QA', 'Support Triage', 'Text Chat Review']);
  });

  it("chooses the project's default prompt", async () => {
    mockUploadApi({}, testProject({ default_prompt_id: 12 }));
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    await waitFor(() => expect(promptSelect()).toHaveTextContent('Support Triage'));
  });

  it('a prompt without required metadata leaves the metadata section closed and empty', async () => {
    mockUploadApi({
      [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () =>
        jsonResponse(200, { data: [{ id: 40, name: 'Elsewhere', project_id: 5, metadataFields: [] }] }),
    });
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    await waitFor(() => expect(promptSelect()).toHaveTextContent('Elsewhere'));
    expect(screen.getByTestId('metadata-empty')).toBeInTheDocument();
  });

  it('shows an error when the prompts fail to load; upload stays disabled', async () => {
    mockUploadApi({ [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () => jsonResponse(500, {}) });
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    expect(await screen.findByTestId('prompts-error')).toHaveTextContent(
      'Failed to load prompts. Please try refreshing the page.',
    );
    chooseFile(audioFile());
    expect(uploadButton()).toBeDisabled();
  });

  it('without prompts asks to create one; admins get a link to the prompts', async () => {
    mockUploadApi({ [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }) });
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    const alert = await screen.findByTestId('no-prompts');
    expect(alert).toHaveTextContent('Please create a prompt first to analyze your audio');
    expect(alert).toHaveTextContent('Create one in the Analysis Prompts menu in the sidebar.');
    expect(within(alert).getByRole('link', { name: 'Open Analysis Prompts' })).toHaveAttribute(
      'href',
      '/projects/5/prompts',
    );
    chooseFile(audioFile());
    expect(uploadButton()).toBeDisabled();
  });

  it('members without prompts get the hint without a link', async () => {
    mockUploadApi(
      { [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }) },
      testProject({ my_role: 'user' }),
    );
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    const alert = await screen.findByTestId('no-prompts');
    expect(alert).toHaveTextContent(
      'Ask a project admin to create one in the Analysis Prompts menu in the sidebar.',
    );
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the upload disabled while the prompts load', async () => {
    let release: (response: Response) => void = () => {};
    mockUploadApi({
      [routeKey(uploadApiRoutes.prompts, { id: 5 })]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    await screen.findByTestId('file-drop');
    chooseFile(audioFile());
    expect(promptSelect()).toHaveAttribute('aria-disabled', 'true');
    expect(uploadButton()).toBeDisabled();
    release(jsonResponse(200, { data: uploadPrompts }));
    await waitFor(() => expect(uploadButton()).toBeEnabled());
  });
});

describe('upload page: file and URL input', () => {
  it('refuses unsupported files, accepts media and text conversations, shows name and size, removes', async () => {
    mockUploadApi();
    installFakeXhr();
    await open();

    chooseFile(audioFile('slides.pdf', 10, 'application/pdf'));
    expect(screen.getByTestId('file-error')).toHaveTextContent(
      'Please upload a supported audio or video file (e.g., mp3, wav, ogg, m4a, flac, mp4, webm, mov, avi, mkv).',
    );
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();

    chooseFile(audioFile('chat.TXT', 10, ''));
    expect(screen.queryByTestId('file-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('file-name')).toHaveTextContent('chat.TXT');
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.getByTestId('file-drop')).toBeInTheDocument();

    chooseFile(audioFile('Call 1.M4A', 1_572_864, ''));
    expect(screen.getByTestId('file-name')).toHaveTextContent('Call 1.M4A');
    expect(screen.getByTestId('file-size')).toHaveTextContent('1.50 MB');
    expect(uploadButton()).toBeEnabled();
  });

  it('takes a dropped file (the first of several)', async () => {
    mockUploadApi();
    installFakeXhr();
    await open();
    fireEvent.drop(screen.getByTestId('file-drop'), {
      dataTransfer: { files: [audioFile('video.webm', 2048, 'video/webm'), audioFile('second.mp3')] },
    });
    expect(screen.getByTestId('file-name')).toHaveTextContent('video.webm');
    expect(screen.getByTestId('file-size')).toHaveTextContent('0.00 MB');
  });

  it('checks the URL: empty is quiet but disabled, invalid says so, valid enables', async () => {
    mockUploadApi();
    installFakeXhr();
    await open();
    fireEvent.click(tabNamed('URL Upload'));
    const input = screen.getByTestId('url-input');
    expect(uploadButton()).toBeDisabled();
    expect(screen.queryByText('Please enter a valid URL.')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'not a url' } });
    expect(screen.getByText('Please enter a valid URL.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(uploadButton()).toBeDisabled();

    fireEvent.change(input, { target: { value: 'example.com/calls/1.mp3' } });
    expect(screen.queryByText('Please enter a valid URL.')).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();

    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.queryByText('Please enter a valid URL.')).not.toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it('switching tabs clears the file, the URL, errors and progress', async () => {
    mockUploadApi();
    installFakeXhr((request) =>
      request.respond(200, {
        data: { duplicate: true, existing_task_id: 8 },
        message: 'File Already Analyzed',
      }),
    );
    await open();
    chooseFile(audioFile('bad.exe', 4, ''));
    expect(screen.getByTestId('file-error')).toBeInTheDocument();
    fireEvent.click(tabNamed('URL Upload'));
    expect(screen.queryByTestId('file-error')).not.toBeInTheDocument();

    fireEvent.change(screen.getByTestId('url-input'), { target: { value: 'nope' } });
    fireEvent.click(tabNamed('File Upload'));
    fireEvent.click(tabNamed('URL Upload'));
    expect(screen.getByTestId('url-input')).toHaveValue('');
    expect(screen.queryByText('Please enter a valid URL.')).not.toBeInTheDocument();

    fireEvent.click(tabNamed('File Upload'));
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-duplicate')).toBeInTheDocument();
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('100%');

    fireEvent.click(tabNamed('URL Upload'));
    expect(screen.queryByTestId('upload-duplicate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
    fireEvent.click(tabNamed('File Upload'));
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
  });
});

describe('upload page: metadata', () => {
  it('a prompt with required fields opens the section with them empty; one without clears them', async () => {
    mockUploadApi();
    installFakeXhr();
    await open();
    const section = screen.getByTestId('metadata-section');
    expect(within(section).getByRole('button', { name: /Call Metadata/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(fieldValue('Department')).toHaveValue('');
    expect(fieldValue('Representative')).toHaveValue('');
    // required fields have no remove button
    expect(screen.queryByRole('button', { name: 'Remove Department' })).not.toBeInTheDocument();

    fireEvent.change(fieldValue('Department'), { target: { value: 'Sales' } });
    chooseOption(promptSelect(), 'Support Triage');
    expect(fieldValue('Department')).toHaveValue('');
    expect(fieldValue('Region')).toHaveValue('');

    chooseOption(promptSelect(), 'Text Chat Review');
    expect(screen.queryByTestId('metadata-value-Department')).not.toBeInTheDocument();
    expect(screen.getByTestId('metadata-empty')).toBeInTheDocument();

    // collapsing and choosing a prompt with required fields opens it again
    fireEvent.click(within(section).getByRole('button', { name: /Call Metadata/ }));
    expect(within(section).getByRole('button', { name: /Call Metadata/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    chooseOption(promptSelect(), 'Sales QA');
    expect(within(section).getByRole('button', { name: /Call Metadata/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(fieldValue('Department')).toHaveValue('');
  });

  it('custom fields: add needs a name, can be removed, are sent with the upload', async () => {
    mockUploadApi();
    const requests = installFakeXhr(answerCreated);
    await open();
    const add = screen.getByRole('button', { name: 'Add Field' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'EU' } });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: '   ' } });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'department' } });
    expect(add).toBeDisabled();
    expect(screen.getByText('A field with this name already exists.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Region' } });
    fireEvent.click(add);
    expect(fieldValue('Region')).toHaveValue('EU');
    expect(screen.getByLabelText('Field name')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Campaign' } });
    fireEvent.keyDown(screen.getByLabelText('Field name'), { key: 'Enter' });
    expect(fieldValue('Campaign')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Campaign' }));
    expect(screen.queryByTestId('metadata-value-Campaign')).not.toBeInTheDocument();

    await fillRequiredMetadata();
    chooseFile(audioFile());
    fireEvent.click(uploadButton());
    await screen.findByTestId('upload-success');
    expect(JSON.parse(String(requests[0]?.form.get('metadata')))).toEqual({
      Department: 'Sales',
      Representative: 'Ann',
      Region: 'EU',
    });
  });

  it('blank required fields block the upload with the spec message', async () => {
    const fetch = mockUploadApi();
    const requests = installFakeXhr(answerCreated);
    await open();
    const scrolled = stubScrollIntoView();
    chooseFile(audioFile());
    fireEvent.change(fieldValue('Representative'), { target: { value: '  ' } });
    fireEvent.click(uploadButton());
    expect(screen.getByTestId('upload-error')).toHaveTextContent(
      'Please fill in the required metadata field(s): Department, Representative.',
    );
    expect(fieldValue('Department')).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled).toEqual([screen.getByTestId('metadata-section')]);
    expect(requests).toHaveLength(0);
    expect(calls(fetch, '/api/projects/5/billing/can-process')).toBe(0);
  });
});

describe('upload page: sending', () => {
  it('sends the file with prompt, priority, metadata, scheduled time and force', async () => {
    const fetch = mockUploadApi();
    const requests = installFakeXhr();
    await open();
    chooseFile(audioFile('call.mp3', 2000));
    await fillRequiredMetadata();
    chooseOption(screen.getByRole('combobox', { name: 'Priority' }), 'Low');
    fireEvent.change(screen.getByTestId('schedule-input'), { target: { value: '2026-05-01T10:30' } });
    fireEvent.click(uploadButton());

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(calls(fetch, '/api/projects/5/billing/can-process')).toBe(1);
    expect(String(fetch.mock.calls.find(([url]) => String(url).includes('can-process'))?.[0])).toContain(
      'units=1',
    );
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/projects/5/uploads');
    const form = request.form;
    expect([...form.keys()]).toEqual(['prompt_id', 'priority', 'metadata', 'scheduled_at', 'force', 'file']);
    expect(form.get('prompt_id')).toBe('11');
    expect(form.get('priority')).toBe('2');
    expect(form.get('force')).toBe('false');
    const scheduled = String(form.get('scheduled_at'));
    expect(scheduled).toMatch(/^2026-05-01T10:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(scheduled).getTime()).toBe(new Date(2026, 4, 1, 10, 30).getTime());
    expect((form.get('file') as File).name).toBe('call.mp3');
    expect((form.get('file') as File).size).toBe(2000);

    // uploading: the button and inputs are disabled, the bar shows the bytes sent
    expect(uploadButton()).toBeDisabled();
    expect(uploadButton()).toHaveTextContent('Uploading...');
    expect(tabNamed('URL Upload')).toBeDisabled();
    request.progress(512, 2048);
    await waitFor(() => expect(screen.getByTestId('upload-percent')).toHaveTextContent('25%'));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );

    request.respond(201, created(101));
    expect(await screen.findByTestId('upload-success')).toHaveTextContent('Upload successful! Task ID: 101');
    // the form is cleared
    expect(screen.getByTestId('file-drop')).toBeInTheDocument();
    expect(fieldValue('Department')).toHaveValue('');
    expect(screen.getByTestId('schedule-input')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Normal');
  });

  it('sends a URL as JSON with the scheme added', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) =>
      request.respond(201, { data: { audio: { id: 77 } }, message: 'ok' }),
    );
    await open();
    fireEvent.click(tabNamed('URL Upload'));
    await fillRequiredMetadata();
    fireEvent.change(screen.getByTestId('url-input'), { target: { value: ' example.com/calls/1.mp3 ' } });
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-success')).toHaveTextContent('Upload successful! Audio ID: 77');
    expect(requests[0]?.url).toBe('/api/projects/5/uploads/url');
    expect(requests[0]?.headers['Content-Type']).toBe('application/json');
    expect(requests[0]?.json).toEqual({
      url: 'https://example.com/calls/1.mp3',
      prompt_id: 11,
      priority: 1,
      metadata: { Department: 'Sales', Representative: 'Ann' },
      force: false,
    });
    expect(screen.getByTestId('url-input')).toHaveValue('');
  });

  it('a success without ids says so generically', async () => {
    mockUploadApi();
    installFakeXhr((request) => request.respond(200, { data: {}, message: '' }));
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-success')).toHaveTextContent(/^Upload successful!Opening/);
  });

  it('stops when the balance cannot cover one unit', async () => {
    mockUploadApi({
      [routeKey(billingRoutes.canProcess, { id: 5 })]: () =>
        jsonResponse(200, { data: { can_process: false } }),
    });
    const requests = installFakeXhr(answerCreated);
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'Insufficient funds to process this file. Please add funds to your account or purchase units before uploading.',
    );
    expect(requests).toHaveLength(0);
    // the file stays for another try
    expect(screen.getByTestId('selected-file')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('links the insufficient-funds message to the project’s billing page (its managers) or says who adds funds', async () => {
    mockUploadApi({
      [routeKey(billingRoutes.canProcess, { id: 5 })]: () =>
        jsonResponse(200, { data: { can_process: false } }),
    });
    installFakeXhr(answerCreated);
    const { unmount } = await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    const link = await screen.findByRole('link', { name: 'Go to billing' });
    expect(screen.getByTestId('upload-error')).toContainElement(link);
    fireEvent.click(link);
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/billing');
    unmount();

    // The server's own balance check answers the same way; a member is told who can add funds.
    mockUploadApi(
      {
        [routeKey(billingRoutes.canProcess, { id: 5 })]: () =>
          jsonResponse(200, { data: { can_process: true } }),
      },
      testProject({ my_role: 'user' }),
    );
    installFakeXhr((request) =>
      request.respond(402, {
        error: { code: 'insufficient_funds', message: 'Insufficient funds to process this file.' },
      }),
    );
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'Insufficient funds to process this file. Please add funds to your account or purchase units before uploading.An admin or owner of the project can add funds on its billing page.',
    );
    expect(screen.queryByRole('link', { name: 'Go to billing' })).not.toBeInTheDocument();
  });

  it('goes on when the balance check itself fails (and reads can_process at the top)', async () => {
    let answer = () => jsonResponse(500, { error: { code: 'internal', message: 'down' } });
    mockUploadApi({ [routeKey(billingRoutes.canProcess, { id: 5 })]: () => answer() });
    const requests = installFakeXhr(answerCreated);
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-success')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    answer = () => jsonResponse(200, { can_process: false });
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('Insufficient funds');
    expect(requests).toHaveLength(1);
  });

  it('shows the server’s error, else the generic upload error', async () => {
    mockUploadApi();
    let fail = (request: Parameters<typeof answerCreated>[0]) =>
      request.respond(413, { error: { code: 'file_too_large', message: 'The file is larger than 4 GB.' } });
    installFakeXhr((request) => fail(request));
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('The file is larger than 4 GB.');
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();

    fail = (request) => request.fail();
    fireEvent.click(uploadButton());
    await waitFor(() =>
      expect(screen.getByTestId('upload-error')).toHaveTextContent('An error occurred during upload.'),
    );
  });
});

describe('upload page: duplicates and force', () => {
  it('duplicate: warning with the fallback text, a link to the existing analysis, and Force Reanalyze', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) =>
      request.form.get('force') === 'true'
        ? request.respond(201, { data: { restarted: true, task_id: 120 }, message: 'x' })
        : request.respond(200, {
            data: { duplicate: true, existing_task_id: 8 },
            message: 'File Already Analyzed',
            analysis_url: '/projects/5/analysis/8',
          }),
    );
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    const warning = await screen.findByTestId('upload-duplicate');
    expect(within(warning).getByText('File Already Analyzed')).toBeInTheDocument();
    expect(warning).toHaveTextContent('This file was already analyzed.');
    expect(within(warning).getByRole('link', { name: 'View Existing Analysis' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/8',
    );
    // the form keeps the file for the force
    expect(screen.getByTestId('selected-file')).toBeInTheDocument();

    fireEvent.click(within(warning).getByRole('button', { name: 'Force Reanalyze' }));
    expect(await screen.findByTestId('upload-success')).toHaveTextContent(
      'Force reanalysis started! Task ID: 120',
    );
    expect(requests).toHaveLength(2);
    expect(requests[1]?.form.get('force')).toBe('true');
    expect(requests[1]?.form.get('prompt_id')).toBe('11');
    expect(JSON.parse(String(requests[1]?.form.get('metadata')))).toEqual({
      Department: 'Sales',
      Representative: 'Ann',
    });
    expect(screen.getByTestId('file-drop')).toBeInTheDocument();
  });

  it('duplicate without analysis_url links to the existing task; the server’s own text is shown', async () => {
    mockUploadApi();
    installFakeXhr((request) =>
      request.respond(200, { data: { duplicate: true, existing_task_id: 9 }, message: 'Analysed on 1 May.' }),
    );
    await open();
    chooseFile(audioFile());
    await fillRequiredMetadata();
    fireEvent.click(uploadButton());
    const warning = await screen.findByTestId('upload-duplicate');
    expect(warning).toHaveTextContent('Analysed on 1 May.');
    expect(within(warning).getByRole('link', { name: 'View Existing Analysis' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/9',
    );
  });

  it('in progress: info with Force Restart Analysis, which re-sends the URL with force', async () => {
    mockUploadApi();
    const requests = installFakeXhr((request) =>
      request.json.force
        ? request.respond(500, { error: { code: 'x', message: '' } })
        : request.respond(200, {
            data: { in_progress: true, existing_task_id: 3 },
            message: 'Analysis In Progress',
          }),
    );
    await open();
    fireEvent.click(tabNamed('URL Upload'));
    await fillRequiredMetadata();
    fireEvent.change(screen.getByTestId('url-input'), { target: { value: 'https://example.com/a.mp3' } });
    fireEvent.click(uploadButton());
    const info = await screen.findByTestId('upload-in-progress');
    expect(within(info).getByText('Analysis In Progress')).toBeInTheDocument();
    expect(info).toHaveTextContent('An analysis is already in progress.');
    expect(within(info).queryByRole('link')).not.toBeInTheDocument();

    fireEvent.click(within(info).getByRole('button', { name: 'Force Restart Analysis' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'An error occurred during force reanalysis.',
    );
    expect(requests[1]?.json).toMatchObject({ url: 'https://example.com/a.mp3', force: true });
  });
});

describe('upload page: read-only support access', () => {
  it('offers no upload form, says why and sends nothing; the bulk page (its batches) stays linked', async () => {
    const fetch = mockUploadApi({}, testProject({ my_role: 'admin', read_only: true }));
    const xhr = installFakeXhr();
    renderRoutes(uploadRoutes(), UPLOAD_PATH);
    expect(
      await screen.findByText('Uploading is not available with read-only support access.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('bulk-upload-link')).toHaveAttribute(
      'href',
      '/projects/5/analysis/bulk-upload',
    );
    expect(screen.queryByRole('tab', { name: 'File Upload' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('file-drop')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Upload$/ })).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
    expect(xhr).toEqual([]);
  });
});
