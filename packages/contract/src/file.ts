import { z } from 'zod';

/** An uploaded file, as the upload answers it. */
export const ZUploadedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;
