import type { Browser, Page } from '@playwright/test';
import { SignInPage } from '../pages/auth.ts';
import { SettingsPage } from '../pages/settings.ts';
import { ConfirmDialog } from '../pages/shell.ts';
import { createProjectViaApi, freshPage, registerUser, type TestUser, uniqueName } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Every test has its own users: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

/** Another browser (a fresh context) signed in through the sign-in form, on the dashboard. */
async function signInElsewhere(browser: Browser, user: TestUser) {
  const other = await freshPage(browser);
  const signIn = new SignInPage(other.page);
  await signIn.open();
  await signIn.signIn(user);
  await expect(other.page).toHaveURL(/\/dashboard$/);
  return other;
}

/** A page load of a browser whose session has ended goes to the sign-in page. */
async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(new SignInPage(page).heading).toBeVisible();
}

test('a user sees their browsers on the profile and signs out the others', async ({ browser }) => {
  // Four browsers in turn, each opening the signed-in app from an empty cache.
  test.setTimeout(180_000);
  const user = await registerUser('sessions');
  const laptop = await signInElsewhere(browser, user);
  const phone = await signInElsewhere(browser, user);
  try {
    const page = laptop.page;
    await page.goto('/profile');
    const section = page.getByTestId('sessions-section');
    const rows = section.getByTestId('session-row');
    // Registering signed in once more (from the API client): three in all.
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('Active now');
    await expect(rows.first()).toContainText('Signed in with password');
    await expect(section.getByText('This device')).toHaveCount(1);
    await shoot(page, 'profile-sessions');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-sessions-narrow');
    await page.setViewportSize({ width: 1366, height: 860 });

    await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const dialog = new ConfirmDialog(page, 'Sign out all other sessions?');
    await expect(dialog.root).toContainText('This one stays signed in.');
    await dialog.confirm('Sign out all other sessions');
    await expect(section).toContainText('Other sessions signed out: 2.');
    await expect(rows).toHaveCount(1);
    await expect(section).toContainText('No other browser is signed in to your account.');
    await expectSignedOut(phone.page);

    // One more browser, signed out on its own row.
    const tablet = await signInElsewhere(browser, user);
    try {
      await page.reload();
      await expect(rows).toHaveCount(2);
      await rows
        .nth(1)
        .getByRole('button', { name: /^Sign out / })
        .click();
      await expect(rows).toHaveCount(1);
      await expectSignedOut(tablet.page);
      // This browser stays signed in.
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await tablet.context.close();
    }
  } finally {
    await laptop.context.close();
    await phone.context.close();
  }
});

test('a project owner signs a member out everywhere; the member stays a member', async ({
  page,
  browser,
}) => {
  const owner = await registerUser('sessions owner');
  const desk = new SignInPage(page);
  await desk.open();
  await desk.signIn(owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  const project = await createProjectViaApi(page.request, { name: uniqueName('Sessions') });
  const { user: member } = await addMemberViaApi(page.request, project.id, 'user');
  const memberBrowser = await signInElsewhere(browser, member);
  try {
    const settings = new SettingsPage(page);
    await settings.open(project.id, 'team-members');
    const row = settings.members.memberRow(member.email);
    await row.getByRole('button', { name: `Sign out ${member.name} everywhere` }).click();
    const dialog = new ConfirmDialog(page, 'Sign out everywhere?');
    await expect(dialog.root).toContainText('They stay a member of the project.');
    await shoot(page, 'settings-members-sign-out');
    await dialog.confirm('Sign out everywhere');
    await expect(page.getByText(`${member.name} was signed out everywhere.`)).toBeVisible();
    await expect(row).toBeVisible();
    // No such button on one's own row.
    await expect(
      settings.members.memberRow(owner.email).getByRole('button', { name: /everywhere/ }),
    ).toHaveCount(0);
    await expectSignedOut(memberBrowser.page);
  } finally {
    await memberBrowser.context.close();
  }
});
