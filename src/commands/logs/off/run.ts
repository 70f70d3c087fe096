import type { RunOf } from '../../command.js';
import { switchLogs } from '../switch.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = (_options, ctx) => switchLogs(ctx, false);
