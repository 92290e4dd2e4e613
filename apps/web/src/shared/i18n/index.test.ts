import { describe, expect, it } from 'vitest';
import type { LocaleTree } from './files';
import { loadAllTexts, localeBackend } from './index';

function readThroughBackend(language: string): Promise<LocaleTree> {
  return new Promise((resolve, reject) => {
    localeBackend.read(language, 'translation', (error, tree) =>
      error ? reject(error) : resolve(tree as LocaleTree),
    );
  });
}

describe('locale loading', () => {
  it('a language still loading its public texts when the signed-in area asks for every text comes whole', async () => {
    // Signing in: the account's language starts loading while the sign-in page had only public texts...
    const reading = readThroughBackend('de');
    // ...and the signed-in area opens before it is in.
    await loadAllTexts();
    const tree = await reading;
    expect(tree).toHaveProperty('auth'); // public
    expect(tree).toHaveProperty('nav.projects', 'Projekte'); // the rest
  });
});
