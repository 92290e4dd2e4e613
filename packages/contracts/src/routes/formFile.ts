import { z } from 'zod';

// Apart from route.ts, whose path helpers the web's first visit uses without loading zod.
/** A file part of a multipart form of at most `maxBytes`, as the OpenAPI document shows it. */
export const formFile = (description: string, maxBytes: number) =>
  z.string().meta({ format: 'binary', description, maxLength: maxBytes });
