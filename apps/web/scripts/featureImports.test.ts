import { describe, expect, it } from 'vitest';
import { compareWithAllowed, formatImport, isForbidden, relativeImports } from './featureImports.ts';

describe('relativeImports', () => {
  it('resolves static, dynamic and mocked relative imports under src, without extension', () => {
    const source = [
      "import { a } from '../analyses/api';",
      "import type { B } from './model.ts';",
      "import '../../shared/styles';",
      "const page = () => import('../../features/prompts/PromptsPage');",
      "vi.mock('../upload/api', () => ({}));",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports('features/insights/InsightForm.tsx', source).map((i) => i.to)).toEqual([
      'features/analyses/api',
      'features/insights/model',
      'shared/styles',
      'features/prompts/PromptsPage',
      'features/upload/api',
    ]);
  });
});

describe('isForbidden', () => {
  const check = (from: string, to: string) => isForbidden({ from, to });

  it('refuses a feature importing another feature, from any depth', () => {
    expect(check('features/insights/InsightForm', 'features/analyses/api')).toBe(true);
    expect(check('features/analytics/checklist/ChecklistTable', 'features/prompts/api')).toBe(true);
  });

  it('refuses shared code importing a feature', () => {
    expect(check('shared/components/DataTable', 'features/analyses/api')).toBe(true);
  });

  it('allows a feature its own folders, shared code, and the app floor every feature', () => {
    expect(check('features/analytics/checklist/ChecklistTable', 'features/analytics/api')).toBe(false);
    expect(check('features/insights/InsightForm', 'shared/app/ProjectGuard')).toBe(false);
    expect(check('app/routes', 'features/insights/InsightsPage')).toBe(false);
  });
});

describe('compareWithAllowed', () => {
  it('reports new imports and listed ones that are gone', () => {
    const found = [
      formatImport({ from: 'features/a/X', to: 'features/b/api' }),
      'features/c/Y -> features/d/Z',
    ];
    const allowed = ['features/c/Y -> features/d/Z', 'features/e/W -> features/f/V'];
    expect(compareWithAllowed(found, allowed)).toEqual({
      added: ['features/a/X -> features/b/api'],
      gone: ['features/e/W -> features/f/V'],
    });
  });
});
