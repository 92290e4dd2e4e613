import { authRoutes, projectRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../shared/i18n';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../test/utils';
import { routes } from './routes';

const location = () => screen.getByTestId('location').textContent;

describe('app', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends anonymous visitors to /login and back to their page after sign-in, in their language', async () => {
    let signedIn = false;
    const projects = [testProject(), testProject({ id: 6, name: 'Support QA', my_role: 'user' })];
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(signedIn ? testUser : null),
      [routeKey(authRoutes.login)]: () => {
        signedIn = true;
        return jsonResponse(200, { data: { ...testUser, language: 'de' } });
      },
      [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: projects }),
    });
    renderRoutes(routes, '/projects/5/billing');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    // the billing page is a lazy chunk: give its first import time when the suite runs in parallel
    expect(await screen.findByTestId('billing-page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/billing');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();

    // switching project keeps the billing page
    fireEvent.click(await screen.findByTestId('project-selector'));
    fireEvent.click(await screen.findByTestId('project-option-6'));
    // the UI is in German now: the account's language
    expect(await screen.findByText(i18n.t('permission.title'))).toBeInTheDocument();
    expect(i18n.t('permission.title')).not.toBe("You don't have permission to view this page");
    expect(location()).toBe('/projects/6/billing');
    expect(within(screen.getByTestId('sidebar')).queryByTestId('nav-billing')).not.toBeInTheDocument();
  });

  it('renders only the page content with ?pdf=1', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
      [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [testProject()] }),
    });
    renderRoutes(routes, '/projects/5/dashboard?pdf=1');
    expect(await screen.findByRole('heading', { name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('help-button')).not.toBeInTheDocument();
  });

  it('redirects /projects to /dashboard and /projects/:id to its dashboard; unknown pages are 404', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
      [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [] }),
    });
    const { router } = renderRoutes(routes, '/projects');
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    await router.navigate('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
