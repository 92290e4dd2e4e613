import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { downloadedText } from '../pages/bulk-upload.ts';
import { SettingsPage } from '../pages/settings.ts';
import { choose } from '../pages/shell.ts';
import { createProjectViaApi, signedInPage, uniqueName } from '../support/flows.ts';
import { createApiKeyViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, test } from '../support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

/** axe-core's WCAG 2.1 A and AA rules and heading order on the page as it is (as accessibility.spec.ts runs them). */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const order = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  const found = [...violations, ...order.violations].map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(' | ')}`,
  );
  expect.soft(found, `accessibility violations on ${what}`).toEqual([]);
}

test('an owner changes retention, sees what will be deleted and the change in the audit trail, filters it and exports it', async ({
  page,
}) => {
  const user = await signedInPage(page, { label: 'audit trail' });
  const project = await createProjectViaApi(page.request, {
    name: uniqueName('Audited Calls'),
    timezone: 'Europe/Kyiv',
  });
  const settings = new SettingsPage(page);

  // Privacy: retention off says so; 30 days for recordings, then the preview says when and how much.
  await settings.open(project.id, 'privacy');
  const privacy = settings.panel('privacy');
  const preview = privacy.getByTestId('retention-preview');
  await expect(preview.getByText('Retention is off: nothing will be deleted.')).toBeVisible();
  await privacy.getByRole('spinbutton', { name: 'Delete recordings and files after (days)' }).fill('30');
  await expect(preview.getByTestId('retention-preview-unsaved')).toBeVisible();
  await privacy.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Privacy settings saved.')).toBeVisible();
  await expect(preview.getByTestId('retention-preview-unsaved')).toBeHidden();
  const media = preview.getByTestId('retention-preview-media');
  await expect(media).toContainText('At the next run');
  await expect(media).toContainText('In the next 7 days');
  await expect(preview.getByText(/^Next run: .*:41/)).toBeVisible();
  await expect(preview.getByTestId('retention-preview-results')).toContainText(
    'Kept forever: nothing will be deleted.',
  );
  await expectAccessible(page, 'the privacy tab with its retention preview');
  await shoot(page, 'settings-privacy-retention-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'settings-privacy-retention-phone');
  await page.setViewportSize(DESKTOP);

  // The audit tab lists the change with the owner's account (after a key created through the API).
  const key = await createApiKeyViaApi(page.request, project.id, 'CRM connector', 'full');
  await settings.showTab('audit');
  const audit = settings.panel('audit');
  const table = audit.getByRole('table', { name: 'Audit trail' });
  const entry = table.getByRole('row').filter({ hasText: 'Privacy settings changed' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(user.email);
  await expect(entry).toContainText('Recordings and files:30 days');
  const keyEntry = table.getByRole('row').filter({ hasText: 'API key created' });
  await expect(keyEntry).toContainText(`API key #${key.id}`);
  await expect(keyEntry).toContainText('Name:CRM connector');
  await expectAccessible(page, 'the audit tab');
  await shoot(page, 'settings-audit-desktop');
  await page.setViewportSize(PHONE);
  await expect(entry).toBeVisible();
  await shoot(page, 'settings-audit-phone');
  await page.setViewportSize(DESKTOP);

  // Filtered by an action that did not happen, nothing; by the privacy change, that entry alone.
  const filter = audit.getByRole('combobox', { name: 'Action' });
  await choose(page, filter, 'Member removed');
  await expect(audit.getByText('No entries for this action.')).toBeVisible();
  await choose(page, filter, 'Privacy settings changed');
  await expect(entry).toHaveCount(1);
  await expect(keyEntry).toHaveCount(0);

  // The CSV download holds the row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    audit.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-project-${project.id}-\\d{8}\\.csv$`));
  const rows: Array<Record<string, string>> = parse(await downloadedText(download), {
    columns: true,
    bom: true,
  });
  expect(rows.map((row) => row.action)).toEqual(['privacy_settings_changed', 'api_key_created']);
  expect(rows[0]).toMatchObject({ user_email: user.email });
  expect(JSON.parse(rows[0]!.details!)).toMatchObject({ media_retention_days: 30 });
  expect(rows[1]).toMatchObject({ target_id: String(key.id) });
});
