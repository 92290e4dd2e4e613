import { expect, type Locator, type Page } from '@playwright/test';

/** What the shell shows instead of a page (apps/web/src/locales/en/translation.json). */
export const SHELL_TEXTS = {
  notFound: "Project not found or you don't have access to it.",
  noPermission: "You don't have permission to view this page",
};

/**
 * The signed-in shell around every page: header (project selector, language, help, account menu),
 * sidebar, the main area and the notices it shows in place of a page (guard, no permission, toast).
 */
export class AppShell {
  readonly page: Page;
  readonly main: Locator;
  readonly projectSelector: Locator;
  readonly navigation: Locator;
  readonly languageMenu: Locator;
  /** A project the user may not open (or that does not exist): the guard's message. */
  readonly guardError: Locator;
  readonly noPermission: Locator;
  readonly toast: Locator;

  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
    this.projectSelector = page.getByRole('button', { name: 'Select project' });
    this.navigation = page.getByRole('navigation', { name: 'Main navigation' });
    this.languageMenu = page.getByTestId('language-menu');
    this.guardError = page.getByTestId('project-guard-error');
    this.noPermission = this.main.getByText(SHELL_TEXTS.noPermission);
    this.toast = page.getByTestId('toast');
  }

  /** The page's title (the one level-1 heading of the main area). */
  heading(name: string | RegExp): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  /** A sidebar item by its id ('dashboard', 'settings', 'billing', 'prompts', 'superAdmin' ...). */
  navItem(id: string): Locator {
    return this.page.getByTestId(`nav-${id}`);
  }

  /** Switches project in the header project selector. */
  async switchProject(project: { name: string }): Promise<void> {
    await this.projectSelector.click();
    await this.page.getByRole('menuitem', { name: project.name }).click();
  }

  /** Logs out through the header account menu (labels of a translated UI may be given). */
  async signOut(labels = { account: 'Account', logOut: 'Log out' }): Promise<void> {
    await this.page.getByRole('button', { name: labels.account }).click();
    await this.page.getByRole('menuitem', { name: labels.logOut }).click();
  }

  /** Picks a language in the header language menu (the menu lists languages by their own names). */
  async chooseLanguage(nativeName: string): Promise<void> {
    await this.languageMenu.click();
    await this.page.getByRole('menuitem', { name: nativeName }).click();
    await expect(this.page.getByRole('menu')).toBeHidden();
  }

  /** Opens the help drawer with the header help button (its label is translated) and returns the drawer. */
  async openHelp(buttonLabel = 'Help', drawerLabel = buttonLabel): Promise<Locator> {
    await this.page.getByRole('button', { name: buttonLabel, exact: true }).click();
    const drawer = this.page.getByRole('complementary', { name: drawerLabel });
    await expect(drawer).toBeVisible();
    return drawer;
  }
}

/**
 * Opens the list of a MUI select (or autocomplete) with a click. A select's menu opens with its chosen item over
 * the field, and MUI takes a mouseup that comes 400 ms after the mousedown as picking that item, which closes the
 * list again: on a busy machine the click's two halves can be that far apart, so the click is repeated until the
 * list shows.
 */
export async function openList(page: Page, combobox: Locator): Promise<void> {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await combobox.click();
    await expect(listbox).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/** Picks `option` in a MUI select (or autocomplete) and waits until its list has closed. */
export async function choose(
  page: Page,
  combobox: Locator,
  option: string | RegExp,
  exact = true,
): Promise<void> {
  await openList(page, combobox);
  await page.getByRole('option', { name: option, exact }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A dialog that asks to confirm (or cancel) an action, found by its title. */
export class ConfirmDialog {
  readonly root: Locator;

  constructor(page: Page, title: string) {
    this.root = page.getByRole('dialog', { name: title });
  }

  /** Clicks the dialog's confirming button and waits until the dialog has closed. */
  async confirm(button: string): Promise<void> {
    await this.root.getByRole('button', { name: button, exact: true }).click();
    await expect(this.root).toBeHidden();
  }
}
