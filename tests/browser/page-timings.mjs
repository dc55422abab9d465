// Times the engine in a playable page (docs/PERFORMANCE.md, "Playable edition"): when the module
// is ready after DOMContentLoaded, five hints (click to answer) and one New puzzle, on a desktop
// or a phone (390x844, touch, CPU slowed 4x). Not a test (timings never fail a build):
//   node tests/browser/page-timings.mjs file:///path/book.html [desktop|phone]
import { chromium } from 'playwright-core';

const [url, mode = 'desktop'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const phone = mode === 'phone';
const context = await browser.newContext(phone
  ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
  : { viewport: { width: 1280, height: 900 } });
await context.addInitScript(() => {
  new MutationObserver(() => {
    if (document.body && document.body.dataset.engine && !window.__readyAt) window.__readyAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-engine'] });
});
const page = await context.newPage();
if (phone) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(url);
await page.waitForFunction(() => window.__readyAt);
const loaded = await page.evaluate(() => ({
  domContentLoaded: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
  ready: Math.round(window.__readyAt),
  engine: document.body.dataset.engine,
}));
const hints = [];
for (let k = 0; k < 5; k++) {
  hints.push(await page.evaluate(async () => {
    const button = document.getElementById('hint');
    const start = performance.now();
    button.click();
    while (button.hasAttribute('aria-busy')) await new Promise((r) => setTimeout(r, 1));
    return Math.round(performance.now() - start);
  }));
}
const newPuzzle = await page.evaluate(async () => {
  const count = document.querySelectorAll('#pick option').length;
  const start = performance.now();
  document.getElementById('new').click();
  while (document.querySelectorAll('#pick option').length === count) {
    if (performance.now() - start > 60000) return null;
    await new Promise((r) => setTimeout(r, 5));
  }
  return Math.round(performance.now() - start);
});
console.log(JSON.stringify({ mode, ...loaded, readyAfterLoadMs: loaded.ready - loaded.domContentLoaded, hintsMs: hints, newPuzzleMs: newPuzzle }));
await browser.close();
