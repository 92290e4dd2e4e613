import { MEMBER_ROLES, NAV_ITEMS, PROJECT_ROLES, TEXTS, UI_LANGUAGES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS } from '../shared/dates/rangePicking';
import i18n from '../shared/i18n';
import { flattenLocale, localeProblems } from '../shared/i18n/localeCheck';
import { LOCALE_FILES } from '../test/locales';

const englishTree = LOCALE_FILES.en ?? {};
const english = flattenLocale(englishTree);
const others = Object.keys(LOCALE_FILES).filter((lang) => lang !== 'en');
const noProblems = { missing: [], extra: [], empty: [], placeholders: [] };

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const rawFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

describe('locale files', () => {
  it("never repeat a top-level key across one language's files", () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [path, tree] of Object.entries(rawFiles)) {
      const lang = path.split('/')[1];
      for (const key of Object.keys(tree)) {
        const other = seen.get(`${lang}:${key}`);
        if (other) clashes.push(`${key} in ${other} and ${path}`);
        seen.set(`${lang}:${key}`, path);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('has English', () => {
    expect(english.size).toBeGreaterThan(100);
  });

  it('only has UI languages', () => {
    for (const lang of Object.keys(LOCALE_FILES)) expect(UI_LANGUAGES).toContain(lang);
  });

  it.each(others)('%s has exactly the English keys, none empty, same placeholders', (lang) => {
    expect(localeProblems(englishTree, LOCALE_FILES[lang]!, lang)).toEqual(noProblems);
  });

  it('counts read right in each language (i18next plural forms)', () => {
    const daysLeft = (lng: string, count: number) => i18n.t('support.daysLeft', { lng, count });
    expect([daysLeft('en', 1), daysLeft('en', 2)]).toEqual(['1 day left', '2 days left']);
    expect([1, 3, 5, 21].map((n) => daysLeft('uk', n))).toEqual([
      'Залишився 1 день',
      'Залишилося 3 дні',
      'Залишилося 5 днів',
      'Залишився 21 день',
    ]);
    expect(i18n.t('billing.tariff.validityDays', { lng: 'pl', count: 2 })).toBe('2 dni');
  });

  it('plural keys come in every plural form of the language', () => {
    const missingFew = structuredClone(LOCALE_FILES.uk!) as Record<string, Record<string, string>>;
    delete missingFew.support!.daysLeft_few;
    expect(localeProblems(englishTree, missingFew, 'uk').missing).toEqual(['support.daysLeft_few']);
    expect(localeProblems(englishTree, LOCALE_FILES.de!, 'uk').missing).toContain('support.daysLeft_many');
  });

  it('the comparison catches a missing, an extra and a broken key', () => {
    const broken = structuredClone(englishTree) as Record<string, Record<string, string>>;
    delete broken.guard!.notFound;
    broken.guard!.surplus = 'x';
    broken.help!.fallbackNote = 'no placeholder';
    broken.common!.retry = ' ';
    expect(localeProblems(englishTree, broken)).toEqual({
      missing: ['guard.notFound'],
      extra: ['guard.surplus'],
      empty: ['common.retry'],
      placeholders: ['help.fallbackNote'],
    });
  });

  it('English equals the spec texts in contracts (TEXTS.<group>.<key> is <group>.<key>)', () => {
    for (const [group, texts] of Object.entries(TEXTS as Record<string, Record<string, string>>)) {
      for (const [key, text] of Object.entries(texts)) {
        expect({ key: `${group}.${key}`, value: english.get(`${group}.${key}`) }).toEqual({
          key: `${group}.${key}`,
          value: text,
        });
      }
    }
  });

  it('every literal key the code passes to t() exists in English', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !english.has(key) && !english.has(`${key}_other`));
    expect(missing).toEqual([]);
  });

  it('has the keys the code builds from contracts (nav items, roles)', () => {
    const keys = [
      ...NAV_ITEMS.map((item) => `nav.${item.key}`),
      ...PROJECT_ROLES.map((role) => `projectRoles.${role}`),
      ...MEMBER_ROLES.map((role) => `memberRoles.${role}`),
      ...DATE_PRESETS.map((preset) => `dateRange.presets.${preset}`),
      ...['required', 'tooShort', 'common', 'tooWeak', 'confirmRequired', 'mismatch'].map(
        (key) => `password.${key}`,
      ),
      ...['veryWeak', 'weak', 'fair', 'good', 'strong'].map((key) => `password.strength.${key}`),
      ...[
        'name_required',
        'name_too_long',
        'description_too_long',
        'save_error',
        'create_success',
        'update_success',
      ].map((key) => `projectForm.${key}`),
    ];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});
