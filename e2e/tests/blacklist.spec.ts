import { BLACKLIST_TEXTS, type BlacklistEntry } from '@parley/contracts';
import { AnalysesListPage, statusOf } from '../pages/analyses.ts';
import { BlacklistPage } from '../pages/blacklist.ts';
import { BulkUploadPage, csvFile, downloadedText } from '../pages/bulk-upload.ts';
import { SHELL_TEXTS } from '../pages/shell.ts';
import { taskIdIn, UploadPage } from '../pages/upload.ts';
import {
  analysisViaApi,
  projectWithScorecard,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { llmRequests, uniqueMarker } from '../support/fake-llm.ts';
import { transcriptionRequests } from '../support/fake-transcription.ts';
import {
  createProjectViaApi,
  isolatedApi,
  newUser,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { recordingUrl } from '../support/media-server.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

// Every test has its own users, project, prompt and media scope: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });
test.afterAll(removeSpeechFixtures);

const skippedMessage = (id: number) =>
  `Upload received, but the conversation was not analysed: its phone number is on this project's blacklist (skipped: blacklisted). Task ID: ${id}`;

async function blacklistViaApi(api: APIRequestContext, projectId: number): Promise<BlacklistEntry[]> {
  const response = await api.get(`/api/blacklist?project_id=${projectId}&limit=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { data: BlacklistEntry[] } }).data.data;
}

test.describe('blacklist', () => {
  test('import, add with the normalised preview, edit, export and delete; a listed number is not analysed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const blacklist = new BlacklistPage(page);
    // The marker is in the prompt's transcription instructions and basic instruction: every request the
    // analyses of this test send to the fake upstreams mentions it.
    const marker = uniqueMarker('blacklist');
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'blacklist',
      project: { name: 'Outbound Calls' },
      transcribeInstructions: `Acme Solar. ${marker}`,
      basicInstruction: `Judge how well the agent handled the call. ${marker}`,
    });
    await blacklist.open(project.id);
    await expect(blacklist.panel.getByRole('heading', { name: 'Phone Number Blacklist' })).toBeVisible();
    await expect(blacklist.panel.getByText('The blacklist is empty')).toBeVisible();
    await expect(blacklist.exportButton).toBeDisabled();

    // --- Import: two new numbers, one repeated (another spelling), one invalid ---
    const importDialog = await blacklist.importCsv(
      csvFile('do-not-call.csv', [
        'phone_number,note',
        '+1 (555) 010-0001,Asked not to be called',
        '+15550100002,Legal hold',
        '555.010.0001,Same number again',
        '12345,Too short',
      ]),
    );
    await expect(importDialog.rows).toContainText('4 data rows');
    await importDialog.submitButton.click();
    await expect(importDialog.result).toContainText('Import finished.');
    await expect(importDialog.imported).toHaveText('2');
    await expect(importDialog.skipped).toHaveText('1');
    await expect(importDialog.failed).toHaveText('1');
    await expect(importDialog.partial).toContainText('Rows not imported: 1');
    await importDialog.result.getByRole('button', { name: 'Show errors (1)' }).click();
    await expect(importDialog.result.getByTestId('import-errors').getByRole('listitem')).toHaveText([
      'Row 5: "12345" is not a valid phone number (7 to 15 digits with the country code).',
    ]);
    await importDialog.close();
    await expect(blacklist.row('+15550100001')).toContainText('Asked not to be called');
    await expect(blacklist.row('+15550100002')).toContainText('Legal hold');

    // --- Add: the dialog shows how the number is stored, and counts the note ---
    const add = await blacklist.openAddDialog();
    await expect(add.preview).toHaveValue('');
    await expect(add.noteCounter).toHaveText('0/500');
    // A number that cannot be real is refused in words, without the field's key, and its input is marked.
    await add.phone.fill('12-34');
    await add.root.getByRole('button', { name: 'Save' }).click();
    await expect(add.root.getByTestId('save-error')).toHaveText(BLACKLIST_TEXTS.phoneInvalid);
    await expect(add.phone).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'blacklist-add-refused');
    await add.phone.fill('');
    await add.phone.pressSequentially('(555) 123-4567');
    await expect(add.preview).toHaveValue('+15551234567');
    await expect(add.root).toContainText('This is how the number is stored and compared.');
    const noteText = 'Asked to be removed on 12 March';
    await add.note.fill(noteText);
    await expect(add.noteCounter).toHaveText(`${noteText.length}/500`);
    await shoot(page, 'blacklist-add-dialog');
    await add.save();
    await expect(blacklist.toast).toHaveText('The number was added to the blacklist.');
    await expect(blacklist.row('+15551234567')).toContainText(noteText);

    // --- Edit ---
    const edit = await blacklist.openEditDialog('+15551234567');
    await expect(edit.phone).toHaveValue('+15551234567');
    await expect(edit.note).toHaveValue(noteText);
    await edit.phone.fill('+44 20 7946 0958');
    await expect(edit.preview).toHaveValue('+442079460958');
    await edit.note.fill('Moved to the London office');
    await expect(edit.noteCounter).toHaveText('26/500');
    await edit.save();
    await expect(blacklist.toast).toHaveText('The blacklist entry was updated.');
    await expect(blacklist.row('+442079460958')).toContainText('Moved to the London office');
    await expect(blacklist.row('+15551234567')).toHaveCount(0);
    await shoot(page, 'blacklist-panel');

    // --- Export ---
    const file = await blacklist.exportCsv();
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^blacklist-project-${project.id}-\\d{8}-\\d{6}\\.csv$`),
    );
    const lines = (await downloadedText(file)).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('phone_number,note,created_at');
    // Cells starting with + get a leading ' so that spreadsheets keep them as text.
    const exportedNumbers = lines.slice(1).map((line) => line.split(',')[0]!);
    expect(exportedNumbers.sort()).toEqual(["'+15550100001", "'+15550100002", "'+442079460958"]);
    expect(lines.find((line) => line.startsWith("'+442079460958"))).toContain('Moved to the London office');

    // The export imports back unchanged: every number in it is already listed.
    await blacklist.importCsv({
      name: file.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
    });
    await importDialog.submitButton.click();
    await expect(importDialog.imported).toHaveText('0');
    await expect(importDialog.skipped).toHaveText('3');
    await expect(importDialog.failed).toHaveText('0');
    await expect(importDialog.partial).toHaveCount(0);
    await importDialog.close();

    // --- Delete, after a confirmation ---
    const confirm = await blacklist.remove('+442079460958');
    await expect(confirm.root).toContainText(
      '+442079460958 will be removed from the blacklist. New conversations with this number will be analysed again.',
    );
    await confirm.confirm('Delete');
    await expect(blacklist.toast).toHaveText('The number was removed from the blacklist.');
    await expect(blacklist.row('+442079460958')).toHaveCount(0);
    expect(
      (await blacklistViaApi(page.request, project.id)).map((entry) => entry.phone_number).sort(),
    ).toEqual(['+15550100001', '+15550100002']);

    // --- A conversation whose Phone is listed (typed another way) is not analysed ---
    const upload = new UploadPage(page);
    const call = await stereoCall('blacklisted-call.mp3');
    await upload.open(project.id, prompt.scriptName);
    await upload.fillMetadata({ Department: 'Outbound Sales', Representative: 'Ann Agent' });
    await upload.addMetadataField('Phone', '(555) 010-0002');
    await upload.fileInput.setInputFiles(call.path);
    await upload.uploadButton.click();
    await expect(upload.skipped).toContainText('Not analysed');
    const taskId = await taskIdIn(upload.skipped);
    expect(taskId).toBeGreaterThan(0);
    await expect(upload.skipped).toContainText(skippedMessage(taskId));
    await expect(upload.success).toHaveCount(0);
    await shoot(page, 'upload-skipped');

    const detail = await analysisViaApi(page.request, project.id, taskId);
    expect(detail).toMatchObject({ status: 'skipped', error: 'skipped: blacklisted', units_charged: null });
    expect(detail.metadata).toMatchObject({ Phone: '(555) 010-0002' });
    const list = new AnalysesListPage(page);
    await page.goto(AnalysesListPage.path(project.id));
    await expect(statusOf(list.row(taskId))).toHaveText('Skipped');

    // Neither fake upstream heard of it. A conversation with another number, with the same prompt, is
    // analysed: its requests (one transcription of a mono file, one analysis) are all the marker shows.
    expect(await transcriptionRequests(marker)).toEqual([]);
    expect(await llmRequests(marker)).toEqual([]);
    const mono = await fetch(recordingUrl(marker.replace(/[^a-z0-9-]/gi, ''), 'agent-mono.wav'));
    const control = await uploadViaApi(
      page.request,
      project.id,
      {
        path: '',
        fileName: 'allowed-call.wav',
        contentType: 'audio/wav',
        bytes: Buffer.from(await mono.arrayBuffer()),
      },
      prompt.id,
      { Department: 'Outbound Sales', Representative: 'Ann Agent', Phone: '+1 555 010 0003' },
    );
    await waitForStatus(page.request, project.id, control.data.task_id!, 'completed', 60_000);
    expect(await transcriptionRequests(marker)).toHaveLength(1);
    expect(await llmRequests(marker)).toHaveLength(1);
    expect((await analysisViaApi(page.request, project.id, taskId)).status).toBe('skipped');
  });
});

test.describe('blacklist access', () => {
  test("someone else's blacklist is not found; a member without the admin role is not allowed", async ({
    page,
  }) => {
    const blacklist = new BlacklistPage(page);
    // User Y owns a project with a listed number.
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('blacklist owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Private list') });
    const added = await y.post('/api/blacklist', {
      data: { project_id: secret.id, phone_number: '+1 555 010 0099', note: 'Top secret' },
    });
    expect(added.status()).toBe(201);
    const entry = ((await added.json()) as { data: BlacklistEntry }).data;

    // User X is no member: the guard's text, and the API answers 404 as for a project that does not exist.
    await signedInPage(page, { label: 'blacklist stranger x' });
    await blacklist.goto(secret.id);
    await expect(blacklist.guardError).toHaveText(SHELL_TEXTS.notFound);
    await expect(blacklist.panel).toHaveCount(0);
    await expect(page.getByText('+15550100099')).toHaveCount(0);
    expect((await page.request.get(`/api/blacklist?project_id=${secret.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/blacklist/export?project_id=${secret.id}`)).status()).toBe(404);
    expect(
      (
        await page.request.put(`/api/blacklist/${entry.ID}`, {
          data: { phone_number: '+15550100098', note: '' },
        })
      ).status(),
    ).toBe(404);
    expect((await page.request.delete(`/api/blacklist/${entry.ID}`)).status()).toBe(404);

    // User Z joins as a plain user (from the emailed invitation): the page says they lack permission,
    // the API answers 403.
    const { user: z } = await addMemberViaApi(y, secret.id, 'user', 'blacklist member z');
    await y.dispose();
    await page.context().clearCookies();
    await signInViaApi(page.request, z);
    expect((await page.request.get(`/api/blacklist?project_id=${secret.id}`)).status()).toBe(403);
    await blacklist.goto(secret.id);
    await expect(blacklist.noPermission).toBeVisible();
    await expect(blacklist.panel).toHaveCount(0);
    await expect(page.getByText('+15550100099')).toHaveCount(0);
    // Any member may use the bulk upload page.
    const bulk = new BulkUploadPage(page);
    await page.goto(BulkUploadPage.path(secret.id));
    await expect(bulk.heading('Bulk Upload (CSV)')).toBeVisible();
  });
});

test.describe('help for bulk upload and integrations', () => {
  test('the articles of bulk upload, blacklist and Google Drive open in the user language', async ({
    page,
  }) => {
    const bulk = new BulkUploadPage(page);
    await signedInPage(page, { label: 'bulk help', language: 'de' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Hilfe Stapel') });

    await page.goto(BulkUploadPage.path(project.id));
    await expect(bulk.heading('Massen-Upload (CSV)')).toBeVisible();
    let drawer = await bulk.openHelp('Hilfe');
    await expect(drawer.getByRole('heading', { name: 'Massen-Upload (CSV)', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('Letzte Stapel');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto(BlacklistPage.path(project.id));
    drawer = await bulk.openHelp('Hilfe');
    await expect(
      drawer.getByRole('heading', { name: 'Sperrliste für Telefonnummern', exact: true }),
    ).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('+15551234567');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto(`/projects/${project.id}/integrations/google-drive`);
    drawer = await bulk.openHelp('Hilfe');
    await expect(
      drawer.getByRole('heading', { name: 'Google-Drive-Integration', exact: true }),
    ).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('Jetzt synchronisieren');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });
});
