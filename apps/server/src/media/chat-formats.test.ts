import type { ConversationSegment } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { parseTextConversation } from './text-conversation.ts';

type Turn = [speaker: string | null, text: string, start: number | null];

const turns = (segments: ConversationSegment[]): Turn[] =>
  segments.map((segment) => [segment.speaker, segment.text, segment.start]);

/** Each export format and the odd lines they hold, as the turns they must become. */
const CASES: Array<{ name: string; file?: string; content: string; expected: Turn[] }> = [
  {
    name: "'Name: text' lines, a message over several lines",
    content: 'Sarah: Hi, how can I help?\nTom: My order is late.\nIt was due Monday.\nSarah: Let me check.',
    expected: [
      ['Sarah', 'Hi, how can I help?', null],
      ['Tom', 'My order is late.\nIt was due Monday.', null],
      ['Sarah', 'Let me check.', null],
    ],
  },
  {
    name: "'[time] Name: text' with times from the start (m:ss and h:mm:ss)",
    content: '[0:00] Sarah: Hello!\n[0:42] Tom: Hi.\n[1:02:03] Sarah: Still there?',
    expected: [
      ['Sarah', 'Hello!', 0],
      ['Tom', 'Hi.', 42],
      ['Sarah', 'Still there?', 3723],
    ],
  },
  {
    name: 'WhatsApp on Android, month/day and 12-hour times; notices and <Media omitted>',
    content: [
      '12/31/23, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.',
      '12/31/23, 9:41 PM - Sarah: Hi Tom',
      '12/31/23, 9:43 PM - Tom: Hello: this is about my bill',
      '10:30 tomorrow suits me',
      '12/31/23, 9:44 PM - Tom: <Media omitted>',
      '12/31/23, 9:45 PM - Sarah left',
      '1/1/24, 12:05 AM - Sarah: Happy new year',
    ].join('\n'),
    expected: [
      ['Sarah', 'Hi Tom', 0],
      ['Tom', 'Hello: this is about my bill\n10:30 tomorrow suits me', 120],
      ['Tom', '<Media omitted>', 180],
      ['Sarah', 'Happy new year', 8640],
    ],
  },
  {
    name: 'WhatsApp on Android, day/month (a day above 12 decides) and 24-hour times',
    content:
      '13/01/2024, 09:00 - Ann: Morning\n13/01/2024, 09:02 - Bob: Morning!\n14/01/2024, 09:00 - Ann: Next day',
    expected: [
      ['Ann', 'Morning', 0],
      ['Bob', 'Morning!', 120],
      ['Ann', 'Next day', 86_400],
    ],
  },
  {
    name: 'WhatsApp on iPhone: [dd.mm.yy, hh:mm:ss], invisible marks, the notice under the chat name',
    content: [
      '\u200E[31.12.23, 21:41:05] Support: \u200EMessages and calls are end-to-end encrypted.',
      '[31.12.23, 21:41:05] Support: Guten Abend',
      '[01.01.24, 08:00:00] Kunde: Frohes neues Jahr \u{1F389}',
      '\u200E[01.01.24, 08:00:10] Kunde: \u200Eimage omitted',
    ].join('\n'),
    expected: [
      ['Support', 'Guten Abend', 0],
      ['Kunde', 'Frohes neues Jahr \u{1F389}', 37_135],
      ['Kunde', 'image omitted', 37_145],
    ],
  },
  {
    name: 'WhatsApp on iPhone, [m/d/yy, h:mm:ss AM] with a narrow no-break space',
    content: '[2/1/24, 9:00:00\u202FAM] Ann: One\n[2/1/24, 1:30:00\u202FPM] Bob: Two',
    expected: [
      ['Ann', 'One', 0],
      ['Bob', 'Two', 16_200],
    ],
  },
  {
    name: 'ISO dates, with a space or T before the time',
    content: '2024-03-05 23:59:30 Ann: Late\n2024-03-06T00:00:10 Bob: Very late\n',
    expected: [
      ['Ann', 'Late', 0],
      ['Bob', 'Very late', 40],
    ],
  },
  {
    name: 'clock times with AM/PM: a time earlier than the one before is on the next day',
    content: '[11:59 PM] Amy: Night\n[12:01 AM] Ян: Ніч',
    expected: [
      ['Amy', 'Night', 0],
      ['Ян', 'Ніч', 120],
    ],
  },
  {
    name: 'unicode names: Cyrillic, accents, emoji, phone numbers',
    content:
      'Олена Петренко: Добрий день!\nJosé Núñez: ¿Qué tal?\n🌞 Sunny: hi\n+1 (555) 010-9999: who is this?',
    expected: [
      ['Олена Петренко', 'Добрий день!', null],
      ['José Núñez', '¿Qué tal?', null],
      ['🌞 Sunny', 'hi', null],
      ['+1 (555) 010-9999', 'who is this?', null],
    ],
  },
  {
    name: 'odd lines: text before the first message, a name alone, links, blank lines, CRLF',
    content:
      'Chat with Acme\r\n\r\nAnn:\r\nsee https://acme.test/x\r\n12: not a name\r\n10:30 works\r\nBob: ok',
    expected: [
      [null, 'Chat with Acme', null],
      ['Ann', 'see https://acme.test/x\n12: not a name\n10:30 works', null],
      ['Bob', 'ok', null],
    ],
  },
  {
    name: 'a stamped chat: an unstamped "Word: text" line continues the message',
    content: '[0:01] Ann: Details below\nNote: bring the invoice\n[0:09] Bob: Sure',
    expected: [
      ['Ann', 'Details below\nNote: bring the invoice', 1],
      ['Bob', 'Sure', 9],
    ],
  },
  {
    name: 'JSON: author objects, Telegram service messages and text parts, epoch milliseconds',
    file: 'telegram.json',
    content: JSON.stringify({
      messages: [
        { type: 'service', actor: 'Ann', action: 'create_group', date: '2024-01-01T10:00:00' },
        {
          type: 'message',
          from: 'Ann',
          date: 1_704_103_200_000,
          text: ['See ', { type: 'link', text: 'here' }],
        },
        { type: 'message', author: { name: 'Борис' }, date: 1_704_103_260_000, text: 'Ок' },
      ],
    }),
    expected: [
      ['Ann', 'See here', 0],
      ['Борис', 'Ок', 60],
    ],
  },
];

describe('chat exports', () => {
  it.each(CASES)('$name', ({ file, content, expected }) => {
    expect(turns(parseTextConversation(content, file ?? 'chat.txt'))).toEqual(expected);
  });

  it('keeps a message as an instant: its end is its start', () => {
    const [segment] = parseTextConversation('[0:05] Ann: Hi', 'chat.txt');
    expect(segment).toEqual({ speaker: 'Ann', text: 'Hi', start: 5, end: 5 });
  });
});
