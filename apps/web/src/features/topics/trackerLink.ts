import type { Topic } from '@parley/contracts';

/**
 * Where "Create tracker" leads: the trackers settings with the topic's suggestion in the address (`new=1`,
 * `name`, one `phrase` per phrase), which that page reads to open its add dialog filled in.
 */
export function trackerLink(projectId: number, topic: Pick<Topic, 'name' | 'phrases'>): string {
  const query = new URLSearchParams({ new: '1', name: topic.name });
  for (const phrase of topic.phrases) query.append('phrase', phrase);
  return `/projects/${projectId}/settings/trackers?${query}`;
}
