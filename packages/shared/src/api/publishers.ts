// Publisher, product and console-configuration calls.
import { z } from 'zod';

export const publisherProductSchema = z.object({ id: z.number(), name: z.string(), status: z.string() });
export type PublisherProduct = z.infer<typeof publisherProductSchema>;

export const publisherInfoSchema = z.object({
  id: z.number(),
  publisher_id: z.number(),
  name: z.string(),
  key: z.string(),
  home_url: z.string(),
  publisher_group_id: z.number().nullable(),
  group_name: z.string().nullable(),
});
export type PublisherInfo = z.infer<typeof publisherInfoSchema>;

export const publisherListItemSchema = z.object({ id: z.number(), name: z.string() });
export const publisherGroupSchema = z.object({ id: z.number(), name: z.string() });

export const publisherWithConfigSchema = publisherInfoSchema.extend({
  apv: z.boolean(),
  editor: z.boolean(),
});
export type PublisherWithConfig = z.infer<typeof publisherWithConfigSchema>;

export const placementSchema = z.object({
  id: z.number(),
  name: z.string(),
  enable: z.boolean(),
  platform: z.string(),
  abTest: z.object({ monetization: z.boolean().nullable() }).nullable(),
});
export type Placement = z.infer<typeof placementSchema>;

export const consoleConfigQuerySchema = z.object({
  publisher_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
/** Flags are the strings 'true' / 'false', as the spec's configuration sends them. */
export const consoleConfigSchema = z.object({
  consoleDisplayIabMetrics: z.enum(['true', 'false']),
  consoleDisplayGenericMetrics: z.enum(['true', 'false']),
  numberOfAlgoSuggestions: z.number().int(),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
