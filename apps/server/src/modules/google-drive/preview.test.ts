import { googleDriveRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDrive, type DriveApp, startDriveApp } from '../../../test/drive.ts';
import { type Client, createProject, signUp } from '../../../test/harness.ts';

let d: DriveApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  d = await startDriveApp();
  owner = await signUp(d.t.app);
  projectId = await createProject(owner);
});
afterAll(() => d?.close());

describe('Drive folder preview', () => {
  it('lists the first media files with their folder path, skipping the rest, without downloading', async () => {
    const id = await connectDrive(owner, projectId);
    const root = d.drive.folder(`Calls ${Math.random()}`);
    const sales = d.drive.folder('Sales', root);
    const anna = d.drive.folder('Anna', sales);
    const deep = d.drive.folder('Archive', anna);
    d.drive.file('top.mp3', root);
    d.drive.file('notes.pdf', anna, 'application/pdf', Buffer.from('%PDF-1.4'));
    d.drive.file('sheet', anna, 'application/vnd.google-apps.spreadsheet');
    d.drive.file('call.wav', anna, 'audio/wav');
    d.drive.file('too-deep.mp3', deep);
    const calls = d.drive.calls.length;

    const response = await owner.call(googleDriveRoutes.previewFolder, {
      body: { project_id: projectId, connection_id: id, folder_id: root },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      files: [
        { name: 'call.wav', path: ['Sales', 'Anna'] },
        { name: 'top.mp3', path: [] },
      ],
      truncated: false,
    });
    expect(d.drive.calls.slice(calls).every((call) => call.query.get('alt') !== 'media')).toBe(true);
  });

  it('stops after ten and says there are more', async () => {
    const id = await connectDrive(owner, projectId);
    const root = d.drive.folder(`Many ${Math.random()}`);
    for (let i = 0; i < 14; i += 1) d.drive.file(`call-${i}.mp3`, root);
    const response = await owner.call(googleDriveRoutes.previewFolder, {
      body: { project_id: projectId, connection_id: id, folder_id: root },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { files, truncated } = response.json().data;
    expect(files).toHaveLength(10);
    expect(files[0]).toEqual({ name: 'call-0.mp3', path: [] });
    expect(truncated).toBe(true);
  });

  it("answers 404 for another project's connection", async () => {
    const id = await connectDrive(owner, projectId);
    const stranger = await signUp(d.t.app);
    const otherProject = await createProject(stranger);
    const theirs = await stranger.call(googleDriveRoutes.previewFolder, {
      body: { project_id: otherProject, connection_id: id, folder_id: 'root' },
    });
    expect(theirs.statusCode).toBe(404);
    const mismatch = await owner.call(googleDriveRoutes.previewFolder, {
      body: { project_id: otherProject, connection_id: id, folder_id: 'root' },
    });
    expect(mismatch.statusCode).toBe(404);
  });

  it('answers 409 when Drive refuses the access token, like the folder picker', async () => {
    const id = await connectDrive(owner, projectId);
    d.google.expireAccessTokens();
    const response = await owner.call(googleDriveRoutes.previewFolder, {
      body: { project_id: projectId, connection_id: id, folder_id: 'root' },
    });
    expect(response.statusCode).toBe(409);
    expect(d.drive.calls.at(-1)!.path).toBe('/drive/v3/files');
  });
});
