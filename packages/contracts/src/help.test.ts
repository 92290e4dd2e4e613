import { describe, expect, it } from 'vitest';
import { helpArticlePath } from './help.ts';

describe('helpArticlePath', () => {
  it('replaces numeric ids and drops query, hash and trailing slash', () => {
    expect(helpArticlePath('/projects/12/billing')).toBe('/projects/{id}/billing');
    expect(helpArticlePath('/projects/12/analyses/99/?tab=x#top')).toBe('/projects/{id}/analyses/{id}');
    expect(helpArticlePath('/dashboard/')).toBe('/dashboard');
    expect(helpArticlePath('/projects/new')).toBe('/projects/new');
    expect(helpArticlePath('')).toBe('/');
  });
});
