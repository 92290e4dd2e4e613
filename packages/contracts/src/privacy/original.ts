import { z } from 'zod';
import { TranscriptSegment } from '../analyses/detail.ts';

/** An analysis's transcript as it was before redaction (admins and owners; each reading audited). */
export const OriginalTranscriptResponse = z.object({
  data: z.object({ transcript: z.array(TranscriptSegment) }),
});
