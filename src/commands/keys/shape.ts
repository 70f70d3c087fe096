// The --json document of an API key (keys create, with the key itself; keys rename).
import { z } from '../../util/zod.js';
import { described, titled } from '../output-shapes.js';

export const keyShape = () =>
  titled(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      displayApiKey: described(z.string(), 'the key masked, as the service keeps it'),
      createdAt: z.optional(z.string()),
      updatedAt: z.optional(z.string()),
      apiUserId: z.optional(z.string()),
      apiKey: described(z.optional(z.string()), "the key itself: in keys create's answer only"),
    }),
    'An API key (keys create, with the key itself; keys rename)',
  );
