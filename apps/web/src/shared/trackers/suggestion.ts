/** A tracker suggested elsewhere (a topic's): its name and phrases. */
export interface TrackerSuggestion {
  name: string;
  phrases: string[];
}

/**
 * The trackers settings opened with a suggestion in the address (`new=1`, `name`, one `phrase` per phrase):
 * the page opens its add dialog filled in with it (a topic's "Create tracker" leads here).
 */
export function suggestedTrackerPath(projectId: number, suggestion: TrackerSuggestion): string {
  const query = new URLSearchParams({ new: '1', name: suggestion.name });
  for (const phrase of suggestion.phrases) query.append('phrase', phrase);
  return `/projects/${projectId}/settings/trackers?${query}`;
}

/** The suggestion an address holds, or null when it asks for none. */
export function readTrackerSuggestion(params: URLSearchParams): TrackerSuggestion | null {
  if (params.get('new') !== '1') return null;
  return {
    name: params.get('name')?.trim() ?? '',
    phrases: [...new Set(params.getAll('phrase').map((phrase) => phrase.trim()))].filter(Boolean),
  };
}
