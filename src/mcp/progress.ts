// The progress of a call, as notifications: each says how much has come (progress: the characters
// received) and shows the latest of it (message: the text added since the one before, its last
// PROGRESS_TEXT_MAX characters when more came), at most one per PROGRESS_EVERY_MS. The result holds
// the whole text: progress is for a person watching, and costs a bounded size however long the
// answer (a 4 MB answer made 136 MB of traffic when each notification carried the whole text so far).
import { monotonicMs } from '../util/monotonic.js';

const PROGRESS_EVERY_MS = 50;
/** The most text one notification shows: the latest of what came since the one before. */
const PROGRESS_TEXT_MAX = 2000;

export class ProgressReporter {
  private lastSent = 0;
  private unsent: string[] = [];
  private unsentChars = 0;
  private cut = false;
  private received = 0;

  constructor(
    private readonly send: (added: string, received: number) => Promise<void>,
    /** Whether the client is not reading: it gets no notification until it does. */
    private readonly backlogged?: () => boolean,
  ) {}

  add(text: string): void {
    this.received += text.length;
    this.unsent.push(text);
    this.unsentChars += text.length;
    if (this.unsentChars <= 2 * PROGRESS_TEXT_MAX) return;
    this.unsent = [this.unsent.join('').slice(-PROGRESS_TEXT_MAX)];
    this.unsentChars = PROGRESS_TEXT_MAX;
    this.cut = true;
  }

  /** Sends what came since the last notification, unless one went out less than the interval ago (`force`: the end). */
  async report(force: boolean): Promise<void> {
    if (this.unsentChars === 0 || (!force && monotonicMs() - this.lastSent < PROGRESS_EVERY_MS)) return;
    if (this.backlogged?.()) return;
    this.lastSent = monotonicMs();
    const joined = this.unsent.join('');
    const added = this.cut || joined.length > PROGRESS_TEXT_MAX ? `…${joined.slice(-PROGRESS_TEXT_MAX)}` : joined;
    [this.unsent, this.unsentChars, this.cut] = [[], 0, false];
    await this.send(added, this.received).catch(() => undefined);
  }
}
