import type { UiLanguage } from '../languages.ts';

/**
 * The explanations the default fields Summary, Title and Final Score start with, in each UI language.
 * They are part of the prompt (the analysis model reads them, the user may edit them), so they are written
 * in the language of whoever creates the prompt rather than translated on display.
 */
export interface DefaultFieldExplanations {
  summary: string;
  title: string;
  finalScore: string;
}

export const DEFAULT_FIELD_EXPLANATIONS: Record<UiLanguage, DefaultFieldExplanations> = {
  en: {
    summary: 'Provide a concise summary of the conversation',
    title: 'Provide a descriptive title for this conversation',
    finalScore: 'The final score of the conversation',
  },
  uk: {
    summary: 'Наведіть стислий підсумок розмови',
    title: 'Дайте цій розмові описову назву',
    finalScore: 'Підсумкова оцінка розмови',
  },
  pl: {
    summary: 'Podaj zwięzłe podsumowanie rozmowy',
    title: 'Podaj opisowy tytuł tej rozmowy',
    finalScore: 'Wynik końcowy rozmowy',
  },
  ru: {
    summary: 'Дайте краткое резюме разговора',
    title: 'Дайте этому разговору описательное название',
    finalScore: 'Итоговая оценка разговора',
  },
  es: {
    summary: 'Proporciona un resumen conciso de la conversación',
    title: 'Proporciona un título descriptivo para esta conversación',
    finalScore: 'La puntuación final de la conversación',
  },
  de: {
    summary: 'Gib eine knappe Zusammenfassung des Gesprächs',
    title: 'Gib diesem Gespräch einen aussagekräftigen Titel',
    finalScore: 'Die Endpunktzahl des Gesprächs',
  },
  pt: {
    summary: 'Forneça um resumo conciso da conversa',
    title: 'Forneça um título descritivo para esta conversa',
    finalScore: 'A pontuação final da conversa',
  },
  it: {
    summary: 'Fornisci un riassunto conciso della conversazione',
    title: 'Fornisci un titolo descrittivo per questa conversazione',
    finalScore: 'Il punteggio finale della conversazione',
  },
  fr: {
    summary: 'Fournissez un résumé concis de la conversation',
    title: 'Donnez un titre descriptif à cette conversation',
    finalScore: 'Le score final de la conversation',
  },
  tr: {
    summary: 'Görüşmenin kısa bir özetini verin',
    title: 'Bu görüşme için açıklayıcı bir başlık verin',
    finalScore: 'Görüşmenin nihai puanı',
  },
  bg: {
    summary: 'Дайте кратко резюме на разговора',
    title: 'Дайте на този разговор описателно заглавие',
    finalScore: 'Крайната оценка на разговора',
  },
};
