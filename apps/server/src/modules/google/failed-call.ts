import { z } from 'zod';

/** What a failed call to a Google API (gaxios's error) says of Google's answer, as far as it is read. */
const FailedCall = z.object({
  response: z.object({
    status: z.number().optional().catch(undefined),
    data: z
      .object({ error: z.unknown().optional(), error_description: z.unknown().optional() })
      .optional()
      .catch(undefined),
  }),
});

/** Google's answer to a failed call: its status and body; undefined when the error holds no answer. */
export const googleAnswer = (error: unknown) => FailedCall.safeParse(error).data?.response;
