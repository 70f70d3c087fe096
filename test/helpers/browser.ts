// Headless Chromium for the tests of the HTML report: Debian's `chromium` (or AGENTS_CHROMIUM),
// driven by playwright-core. Off CI the browser tests skip without it; in CI (CI=true) a missing
// browser is an error, so a runner without one fails instead of passing with the page untested.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | undefined {
  const found = [process.env.AGENTS_CHROMIUM, ...CANDIDATES].find((path) => path && existsSync(path));
  if (found) return found;
  const ci = process.env.CI;
  if (ci && ci !== '0' && ci !== 'false')
    throw new Error('chromium is missing: the report tests need it (.ci/run installs it)');
  return undefined;
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--disable-gpu', '--no-first-run'] });
}

/** What a page did that it must not: dialogs opened, requests beyond the file itself, script errors. */
export interface PageWatch {
  dialogs: string[];
  requests: string[];
  errors: string[];
}

/** Opens `file` in a fresh page that records dialogs, requests (all refused but the file) and errors. */
export async function openWatched(
  browser: Browser,
  file: string,
  viewport = { width: 1200, height: 900 },
): Promise<{ page: Page; watch: PageWatch }> {
  const context = await browser.newContext({ viewport, colorScheme: 'light' });
  const page = await context.newPage();
  const watch: PageWatch = { dialogs: [], requests: [], errors: [] };
  const url = `file://${file}`;
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  await context.route('**/*', (route) => {
    const requested = route.request().url();
    if (requested === url) return route.continue();
    watch.requests.push(requested);
    return route.abort();
  });
  await page.goto(url);
  return { page, watch };
}

/** What leaves the window: how far the page scrolls sideways, the elements drawn past its right
 * edge, and the table cells whose text spills out of them (the start of each). */
export interface Overflow {
  page: number;
  past: string[];
  spilled: string[];
}

// Run in the page, as text: the tests are typed for Node, without the DOM's names.
const MEASURE_OVERFLOW = `(() => {
  const shown = (element) => element.getClientRects().length > 0;
  const past = [...document.querySelectorAll('body *')]
    .filter((element) => shown(element) && element.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map((element) => element.tagName + (element.id ? '#' + element.id : ''));
  const spilled = [...document.querySelectorAll('td')]
    .filter((cell) => shown(cell) && cell.scrollWidth > cell.clientWidth + 1)
    .map((cell) => cell.textContent.slice(0, 30));
  return { page: document.documentElement.scrollWidth - window.innerWidth, past, spilled };
})()`;

export const overflowOf = (page: Page): Promise<Overflow> => page.evaluate(MEASURE_OVERFLOW);
