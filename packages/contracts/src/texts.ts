/**
 * Exact English texts the spec prescribes. The web app shows them through i18n keys whose English
 * values must equal these (a test checks it); the server uses them in its error messages.
 */
export const TEXTS = {
  guard: {
    loading: 'Loading project...',
    loadFailed: 'Failed to load project',
    notFound: "Project not found or you don't have access to it.",
    goToProjects: 'Go to Projects',
    serverUnavailable: 'The server may be temporarily unavailable. Please try again in a moment.',
  },
  projectSelector: {
    loadError: 'Error loading projects',
    noProjectsFound: 'No projects found',
    noProjectsAvailable: 'No Projects Available',
  },
  help: {
    loadFailed: 'Failed to load help content',
    loadError: 'Error loading help content',
    notFound: "Content expected soon - we're working on adding help content for this page",
  },
  password: {
    setTitle: 'Set Your Password',
    resetTitle: 'Reset Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    backToSignIn: 'Back to Sign In',
    required: 'Password is required',
    tooShort: 'Password must be at least 8 characters',
    tooLong: 'Password must be at most 256 characters',
    common: 'This password is too common. Please choose one that is harder to guess.',
    tooWeak:
      'This password is too easy to guess. Add more words or characters, or avoid your name and email.',
    confirmRequired: 'Please confirm your password',
    mismatch: 'Passwords do not match',
    missingToken: 'Invalid or missing reset token. Please request a new password reset link.',
  },
  settings: {
    loadFailed: 'Failed to load project data',
  },
} as const;

/** The guard adds the 'server may be unavailable' note when the error mentions one of these (spec 2 §2.3). */
export function mentionsServerUnavailable(message: string): boolean {
  return /unavailable|502|gateway/i.test(message);
}
