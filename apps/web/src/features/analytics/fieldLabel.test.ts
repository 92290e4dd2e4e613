import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { analyticsPageLink, listFilters, readView } from '../../shared/analytics/view';
import i18n from '../../shared/i18n';
import { fieldLabel } from './fieldLabel';

describe('analytics by scorecard version', () => {
  it('names an era of a changed field by the version it starts with', () => {
    const t = i18n.getFixedT('en') as TFunction;
    expect(fieldLabel(t, { label: 'Tone', version: 3 })).toBe('Tone (version 3)');
    expect(fieldLabel(t, { label: 'Tone', version: null })).toBe('Tone');
    expect(fieldLabel(i18n.getFixedT('de') as TFunction, { label: 'Tone', version: 3 })).toBe(
      'Tone (Version 3)',
    );
  });

  it('reads the version from the URL only with a prompt, and keeps it in links', () => {
    const view = readView(new URLSearchParams('prompt_id=4&prompt_version=2&range=all'), 'UTC');
    expect(view).toMatchObject({ prompt_id: 4, prompt_version: 2 });
    expect(readView(new URLSearchParams('prompt_version=2&range=all'), 'UTC').prompt_version).toBeUndefined();
    expect(listFilters(view)).toMatchObject({ prompt_id: 4, prompt_version: 2 });
    expect(analyticsPageLink(5, 'analytics/checklist-report', view)).toBe(
      '/projects/5/analytics/checklist-report?range=all&prompt_id=4&prompt_version=2',
    );
  });
});
