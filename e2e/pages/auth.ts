import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from '../support/flows.ts';
import { confirmLinkFromLog } from '../support/server.ts';

type Credentials = Pick<TestUser, 'email' | 'password'>;

/** Labels of the sign-in form; a translated UI passes its own. */
const SIGN_IN_EN = { heading: 'Sign in', email: 'Email', password: 'Password', submit: 'Sign In' };

/** /login: the sign-in form and its "Forgot password?" dialog. */
export class SignInPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly error: Locator;
  readonly labels: typeof SIGN_IN_EN;

  constructor(page: Page, labels = SIGN_IN_EN) {
    this.page = page;
    this.labels = labels;
    this.heading = page.getByRole('heading', { name: labels.heading });
    this.email = page.getByLabel(labels.email, { exact: true });
    this.password = page.getByLabel(labels.password, { exact: true });
    this.submitButton = page.getByRole('button', { name: labels.submit, exact: true });
    this.error = page.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
  }

  /** Fills and submits the form (the page must already show it). */
  async signIn(user: Credentials): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submitButton.click();
  }

  /** Opens the "Forgot password?" dialog with the email typed on the form. */
  async forgotPassword(): Promise<ForgotPasswordDialog> {
    await this.page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = new ForgotPasswordDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }
}

export class ForgotPasswordDialog {
  readonly root: Locator;
  readonly email: Locator;
  readonly sendButton: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Forgot your password?' });
    this.email = this.root.getByLabel('Email', { exact: true });
    this.sendButton = this.root.getByRole('button', { name: 'Send Reset Link' });
    this.status = this.root.getByRole('status');
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await expect(this.root).toBeHidden();
  }
}

/** Labels of the sign-up form; a translated UI passes its own. */
const SIGN_UP_EN = {
  heading: 'Create your account',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  submit: 'Create Account',
};

/** /signup: the sign-up form, then the "check your email" screen. */
export class SignUpPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly checkEmailHeading: Locator;

  constructor(page: Page, labels = SIGN_UP_EN) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: labels.heading });
    this.name = page.getByLabel(labels.name, { exact: true });
    this.email = page.getByLabel(labels.email, { exact: true });
    this.password = page.getByLabel(labels.password, { exact: true });
    this.submitButton = page.getByRole('button', { name: labels.submit, exact: true });
    this.checkEmailHeading = page.getByRole('heading', { name: 'Check your email' });
  }

  async open(): Promise<void> {
    await this.page.goto('/signup');
  }

  /** Fills and submits the form (the page must already show it; the email may be filled in already). */
  async signUp(user: TestUser): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.name.fill(user.name);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submitButton.click();
  }

  /** Opens the link of the confirmation email sent after sign-up, which signs the page in. */
  async openConfirmLink(email: string): Promise<void> {
    await this.page.goto(await confirmLinkFromLog(email));
  }
}

/** /reset-password and /set-password: the new password form of an emailed link. */
export class PasswordPage {
  readonly page: Page;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly status: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.newPassword = page.getByLabel('New Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm New Password', { exact: true });
    this.status = page.getByRole('status');
    this.error = page.getByRole('alert');
  }

  heading(name: 'Reset Password' | 'Set Your Password'): Locator {
    return this.page.getByRole('heading', { name });
  }

  submitButton(name: 'Reset Password' | 'Set Password' = 'Reset Password'): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Types the password twice (or a different confirmation). */
  async fill(password: string, confirmation = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmation);
  }
}
