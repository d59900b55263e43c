import { z } from 'zod';

/** Every JSON answer of the API: `{ success, result }` (product §7). */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ success: z.literal(true), result });

/**
 * Error body. Product §8: the client shows `message.error`, else `message`, for a 400; `message`
 * for other statuses. We always send a plain `message` string and, for validation errors, the
 * individual `issues` so that forms can point at the field.
 */
export const errorBody = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
