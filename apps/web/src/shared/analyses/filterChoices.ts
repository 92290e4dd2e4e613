import { useTrackers } from '../api/trackers';

export interface FilterChoice {
  id: number;
  name: string;
}

/**
 * The choices of a filter by id (an IdSelect): the known ones, plus the chosen one as `#id` when a link names
 * one that is not among them (deleted, or not the reader's), so the field still says what is applied.
 */
export function withChosen(options: readonly FilterChoice[], chosen: number | undefined): FilterChoice[] {
  const choices = options.map(({ id, name }) => ({ id, name }));
  return chosen && !options.some((option) => option.id === chosen)
    ? [...choices, { id: chosen, name: `#${chosen}` }]
    : choices;
}

/** The project's trackers as filter choices (none while it has none: the filter is then not shown). */
export function useTrackerChoices(projectId: number, chosen: number | undefined): FilterChoice[] {
  return withChosen(useTrackers(projectId).data ?? [], chosen);
}
