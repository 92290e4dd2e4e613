import { type PromptField, transcriptToText, withDefaultFields } from '@parley/contracts';
import type { PromptSnapshot } from '../../apps/server/src/modules/pipeline/analysis.ts';

const field = (
  key: string,
  type: PromptField['type'],
  explanation: string,
  extra: Partial<PromptField> = {},
): PromptField => ({
  key,
  type,
  explanation,
  includeInScore: ['int', 'float', 'bool', 'ok', 'marks'].includes(type),
  ...extra,
});

/** A sales scorecard as customers write them: 13 answers, a group, options, marks and ok checks. */
const SALES_FIELDS: PromptField[] = withDefaultFields(
  [
    field('Greeting', 'ok', 'Did the agent greet the customer and introduce themselves and the company?'),
    field('Needs discovery', 'marks', 'How well did the agent explore what the customer needs?', {
      marks: [
        { value: 0, explanation: 'No questions about needs' },
        { value: 1, explanation: 'One or two closed questions' },
        { value: 2, explanation: 'Open questions about the situation' },
        { value: 3, explanation: 'Open questions, follow-ups and a summary of the needs' },
      ],
    }),
    field('Discovery', 'object', 'What the agent learned about the purchase', {
      includeInScore: false,
      content: [
        field('Budget', 'bool', 'Did the agent find out the budget?'),
        field('Decision maker', 'ok', 'Did the agent ask who decides on the purchase?'),
        field('Timeline', 'option', 'When does the customer want to buy?', {
          options: [
            { value: 'Now', explanation: 'Within a month' },
            { value: 'Soon', explanation: 'Within six months' },
            { value: 'Later', explanation: 'Later, or no date given' },
          ],
        }),
      ],
    }),
    field('Objections', 'array', 'The objections the customer raised, each in a few words'),
    field('Objection handling', 'marks', 'How well were the objections handled?', {
      marks: [
        { value: 0, explanation: 'Ignored or argued with' },
        { value: 1, explanation: 'Acknowledged without an answer' },
        { value: 2, explanation: 'Answered with facts or an example' },
      ],
    }),
    field('Outcome', 'option', 'How the call ended', {
      options: [
        { value: 'Sale', explanation: 'The customer ordered' },
        { value: 'Follow-up', explanation: 'A next step with a date was agreed' },
        { value: 'Lost', explanation: 'The customer declined' },
        { value: 'Open', explanation: 'No decision and no next step' },
      ],
    }),
    field('Next step', 'string', 'The next step agreed, with its date; empty when there is none'),
    field('Product knowledge', 'int', 'From 1 to 10, how well the agent knew the products and prices'),
    field('Closing', 'ok', 'Did the agent ask for the order or a concrete next step?'),
  ],
  'percent',
  'en',
);

export const SALES_PROMPT: PromptSnapshot = {
  id: 1,
  projectId: 1,
  unitsMilli: 1000,
  scriptName: 'Sales call',
  role: 'Sales',
  basicInstruction:
    'Score how well the agent ran the sales call. Be strict: give credit only for what the agent actually said.',
  transcribeInstructions: '',
  provider: 'openai',
  model: 'gpt-4.1',
  responseLanguage: 'English',
  companyDetails:
    'Acme Solar sells and installs rooftop solar panels, batteries and heat pumps for homes in Germany and Austria. A typical system costs 12,000 to 25,000 euros; financing over 10 years is offered.',
  finalScore: 'percent',
  LVA: 'none',
  maxScore: null,
  transcriptionTask: 'transcribe',
  transcriptionLanguage: 'auto',
  content: SALES_FIELDS,
  metadataFields: ['Department', 'Representative'],
  isClassification: false,
};

const LINES: Array<[string, string]> = [
  ['Agent', 'Good morning, this is Lena from Acme Solar. Thanks for calling, how can I help you today?'],
  ['Customer', 'Hi, I saw your advert and I am thinking about putting solar panels on my roof.'],
  ['Agent', 'Great. Can you tell me a bit about your house and how much electricity you use in a year?'],
  ['Customer', 'It is a detached house, about 140 square metres, and we use around 4,500 kilowatt hours.'],
  ['Agent', 'Which way does the roof face, and is there anything shading it, like trees or a chimney?'],
  ['Customer', 'Mostly south, a little bit of shade from the neighbour’s tree in the late afternoon.'],
  ['Agent', 'That sounds like a good roof. Do you also think about a battery, or about heating?'],
  ['Customer', 'Maybe a battery. Our gas boiler is twelve years old, but I am not sure about a heat pump.'],
  ['Agent', 'Understood. Do you have a budget in mind, and would you pay at once or prefer financing?'],
  ['Customer', 'Honestly, it seems expensive. A friend paid 20,000 euros and I am not sure it pays off.'],
  ['Agent', 'With your usage a 9 kilowatt system pays for itself in about eleven years, I can show you.'],
  ['Customer', 'And who else would decide? My wife would want to see the numbers as well.'],
  ['Agent', 'Of course. Shall we book a visit next Tuesday at five so both of you can see the offer?'],
  ['Customer', 'Tuesday works. Please send me an email with the details beforehand.'],
  ['Agent', 'I will. Is there anything else I can answer for you right now?'],
  ['Customer', 'How long does the installation take, and do you handle the grid registration?'],
  ['Agent', 'Two days on the roof, and yes, we register the system with the grid operator for you.'],
  ['Customer', 'And the warranty? I heard the inverters break after a few years.'],
  ['Agent', 'Panels have 25 years of performance warranty, the inverter 10 years, extendable to 20.'],
  ['Customer', 'Okay. What about the financing, what would that cost per month?'],
];

/**
 * A timed transcript of the sales call: `minutes` long, its lines spoken one after another (repeated with
 * small changes for long calls), as the pipeline gives it to the model.
 */
export function salesTranscript(minutes: number): string {
  const segments = [];
  let start = 0.4;
  for (let index = 0; start < minutes * 60; index += 1) {
    const [speaker, text] = LINES[index % LINES.length]!;
    const round = Math.floor(index / LINES.length);
    const said = round === 0 ? text : `${text} (${round + 1})`;
    const length = 2 + said.length / 15;
    segments.push({ start, end: start + length, text: said, speaker });
    start += length + 0.6;
  }
  return transcriptToText(segments, { seconds: true });
}
