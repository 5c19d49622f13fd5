import { chromium } from 'playwright-core';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const cases = [
  ['desktop-light-en', { width: 1280, height: 800 }, 'light', 'en-US'],
  ['phone-dark-zh', { width: 390, height: 844 }, 'dark', 'zh-CN'],
  ['desktop-dark-zh', { width: 1280, height: 800 }, 'dark', 'zh-CN'],
  ['phone-light-en', { width: 390, height: 844 }, 'light', 'en-US'],
];
for (const [name, viewport, colorScheme, locale] of cases) {
  const context = await browser.newContext({ viewport, colorScheme, locale });
  const page = await context.newPage();
  for (const [tag, q] of [['tag', '[numpy] validate'], ['word', 'python']]) {
    const t = Date.now();
    const res = await page.goto(`${base}/search?q=${encodeURIComponent(q)}`);
    console.log(name, tag, res.status(), Date.now() - t, 'ms');
    await page.screenshot({ path: `/tmp/shots/search-${tag}-${name}.png` });
  }
  await context.close();
}
await browser.close();
