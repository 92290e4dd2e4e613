import { REDACTION_ENTITY_TYPES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { isPersonLabel } from './names.ts';
import { redactConversation } from './redact.ts';

const NOW = new Date('2026-12-01T00:00:00Z');
const redact = (
  pieces: string[],
  language: typeof import('@parley/contracts')['UI_LANGUAGES'][number] | null,
  knownNames: string[] = [],
) => redactConversation(pieces, { types: REDACTION_ENTITY_TYPES, language, now: NOW, knownNames }).pieces;

describe('person names', () => {
  it('finds a name introduced in each of the eleven languages, and every later mention of it or its parts', () => {
    const cases: Array<[Parameters<typeof redact>[1], string, string]> = [
      ['en', 'my name is emily jones', 'thank you, ms jones'],
      ['uk', 'Мене звати Оксана Коваленко.', 'Дякую, пані Коваленко.'],
      ['ru', 'меня зовут анна смирнова', 'хорошо, анна, сейчас проверю'],
      ['pl', 'Nazywam się Katarzyna Kowalska.', 'Pani Kowalska, czy to wszystko?'],
      ['es', 'me llamo carmen ruiz', 'gracias, señora ruiz'],
      ['de', 'Mein Name ist Stefan Müller.', 'Danke, Herr Müller.'],
      ['pt', 'Chamo-me Beatriz Santos.', 'Obrigado, senhora Santos.'],
      ['it', 'mi chiamo luca bianchi', 'grazie, signor bianchi'],
      ['fr', "Je m'appelle Chloé Dubois.", 'Merci, madame Dubois.'],
      ['tr', 'Adım Ayşe Kaya.', 'Teşekkürler, Kaya Hanım.'],
      ['bg', 'казвам се иван петров', 'благодаря, господин петров'],
    ];
    for (const [language, introduction, mention] of cases) {
      const pieces = redact([introduction, mention], language);
      expect(pieces.join(' | '), language!).not.toMatch(
        /jones|Коваленко|смирнова|анна|Kowalska|ruiz|Müller|Santos|bianchi|Dubois|Kaya|петров/,
      );
      expect(pieces.join(' '), language!).toContain('[PERSON_NAME_1]');
      expect(pieces.join(' '), language!).not.toContain('[PERSON_NAME_2]');
    }
  });

  it('finds a later mention in another case where names inflect', () => {
    expect(redact(['мене звати олена коваленко', 'дякую, олено', 'пані коваленка немає'], 'uk')).toEqual([
      'мене звати [PERSON_NAME_1]',
      'дякую, [PERSON_NAME_1]',
      'пані [PERSON_NAME_1] немає',
    ]);
    expect(redact(['Nazywam się Anna Kowalska.', 'Dziękuję pani Kowalskiej.'], 'pl')).toEqual([
      'Nazywam się [PERSON_NAME_1].',
      'Dziękuję pani [PERSON_NAME_1].',
    ]);
  });

  it('finds an agent introducing themself, and the name that answers a question for it', () => {
    expect(redact(['hi, this is tom from support.', 'thanks tom'], 'en')).toEqual([
      'hi, this is [PERSON_NAME_1] from support.',
      'thanks [PERSON_NAME_1]',
    ]);
    expect(redact(['Bonjour, Camille à votre écoute.'], 'fr')).toEqual([
      'Bonjour, [PERSON_NAME_1] à votre écoute.',
    ]);
    expect(redact(['Who am I speaking with?', 'Um, it is Olivia Thompson.'], 'en')).toEqual([
      'Who am I speaking with?',
      'Um, it is [PERSON_NAME_1].',
    ]);
  });

  it('keeps capitalised words, products and lower-case look-alikes that nobody introduced as a name', () => {
    const pieces = [
      'Thanks. Will the Galaxy Note arrive tomorrow?',
      'This is great, I will call Monday.',
      'i am calling about my order',
    ];
    expect(redact(pieces, 'en')).toEqual(pieces);
    // "Mark" the name is not "mark" the verb where the text has capitals.
    expect(redact(['My name is Mark Turner.', 'I will mark it as paid, Mark.'], 'en')).toEqual([
      'My name is [PERSON_NAME_1].',
      'I will mark it as paid, [PERSON_NAME_1].',
    ]);
  });

  it('finds the names the task details give wherever they are said', () => {
    expect(redact(['hello ann, i spoke to hathaway yesterday'], 'en', ['Ann Hathaway'])).toEqual([
      'hello [PERSON_NAME_1], i spoke to [PERSON_NAME_1] yesterday',
    ]);
  });

  it('leaves names alone unless the project chose them, and names inside an email to the email', () => {
    const pieces = ['my name is emily jones, email emily.jones@gmail.com'];
    expect(redactConversation(pieces, { types: ['email'], language: 'en', now: NOW }).pieces).toEqual([
      'my name is emily jones, email [EMAIL_1]',
    ]);
    expect(redact(pieces, 'en')).toEqual(['my name is [PERSON_NAME_1], email [EMAIL_1]']);
  });
});

describe('postal addresses', () => {
  it('finds a street with a house number in each of the eleven languages, with flat, postcode and town', () => {
    const cases: Array<[Parameters<typeof redact>[1], string, string]> = [
      ['en', 'It is 221 Baker Street, Springfield, IL 62704.', 'It is [POSTAL_ADDRESS_1].'],
      ['uk', 'вул. Хрещатик, 22, кв. 5, 01001 Київ', '[POSTAL_ADDRESS_1]'],
      ['ru', 'улица пушкина, дом двадцать восемь', '[POSTAL_ADDRESS_1]'],
      ['pl', 'ul. Długa 5/3, 00-950 Warszawa', '[POSTAL_ADDRESS_1]'],
      ['es', 'vivo en la calle mayor diecisiete', 'vivo en la [POSTAL_ADDRESS_1]'],
      ['de', 'Berliner Straße 12, 10115 Berlin', '[POSTAL_ADDRESS_1]'],
      ['pt', 'Rua das Flores 12, 1250-096 Lisboa', '[POSTAL_ADDRESS_1]'],
      ['it', 'piazza Garibaldi 3, interno 4', '[POSTAL_ADDRESS_1]'],
      ['fr', "c'est le quatre-vingt-dix-sept boulevard saint-michel", "c'est le [POSTAL_ADDRESS_1]"],
      ['tr', 'Atatürk Caddesi No: 12 Daire 3, 34710 Kadıköy', '[POSTAL_ADDRESS_1]'],
      ['bg', 'бул. Витоша 15, 1000 София', '[POSTAL_ADDRESS_1]'],
    ];
    for (const [language, text, expected] of cases)
      expect(redact([text], language), language!).toEqual([expected]);
  });

  it('finds a house number and a street name after an address cue, without a street word', () => {
    expect(redact(['I live at 5 Elm Grove, thanks.'], 'en')).toEqual([
      'I live at [POSTAL_ADDRESS_1], thanks.',
    ]);
  });

  it('keeps streets without a house number and numbers without a street', () => {
    const pieces = [
      'I drove down Main Street this morning.',
      'call me at 5',
      'room 12',
      'order 12345',
      'Is your shop on Park Avenue still open?',
      'the 1st of March, on 2nd Avenue',
    ];
    expect(redact(pieces, 'en')).toEqual(pieces);
  });

  it('reads long hostile texts in time linear in their length', () => {
    const hostile = (n: number) => [
      'street '.repeat(n),
      '1/'.repeat(n),
      'my name is '.repeat(n),
      'Mr '.repeat(n),
      'who am I speaking with? '.repeat(n),
      'my name is john smith, i live at 5 baker street, thanks john. '.repeat(n / 10),
    ];
    const time = (n: number) => {
      const started = performance.now();
      redact(hostile(n), 'en');
      return performance.now() - started;
    };
    time(1_000);
    // Four times the text, at most about four times the time (a quadratic cost would be sixteen).
    expect(time(20_000)).toBeLessThan(8 * time(5_000) + 100);
  });
});

describe("a chat author's label", () => {
  it('is a person when it is a name, not when it names a role, a bot, a channel or a speaker', () => {
    const people = ['Olena Bondar', 'john.smith', 'Tom', 'Олена Бондар', 'Jean-Luc Picard', 'Müller'];
    const roles = [
      'Agent',
      'Customer',
      'Bot',
      'System',
      'Channel 1',
      'Speaker A',
      'Speaker 2',
      'Support Team',
      'Customer Service',
      'Клієнт',
      'Kunde',
      'Müşteri',
      '+44 20 7946 0018',
      'tom@example.com',
      'agent_42',
      'Me',
      'A',
    ];
    expect(people.filter((label) => !isPersonLabel(label, null))).toEqual([]);
    expect(roles.filter((label) => isPersonLabel(label, null))).toEqual([]);
  });
});

describe('placeholders given before', () => {
  it('an equal value keeps the placeholder text redacted before gave it; new values follow the taken ones', () => {
    const before = redactConversation(['my name is Anna Kowalska, call 020 7946 0018'], {
      types: REDACTION_ENTITY_TYPES,
      region: 'GB',
      now: NOW,
    });
    const after = redactConversation(['Anna Kowalska', '020 7946 0999', '020 7946 0018'], {
      types: REDACTION_ENTITY_TYPES,
      region: 'GB',
      now: NOW,
      knownNames: ['Anna Kowalska'],
      given: before.entities,
      taken: { person_name: 1, phone_number: 1 },
      separatePieces: true,
    });
    expect(before.pieces).toEqual(['my name is [PERSON_NAME_1], call [PHONE_NUMBER_1]']);
    expect(after.pieces).toEqual(['[PERSON_NAME_1]', '[PHONE_NUMBER_2]', '[PHONE_NUMBER_1]']);
  });
});
