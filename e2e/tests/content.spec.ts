import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { violationsIn } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { expectScreen, useSession } from '../helpers.ts';

/**
 * 内容管理 (issue 28) in the browser: an article published with a cover and a picture in its body
 * (both through the file store), a home module added and seen on 首页 with the demo's current
 * adverts. SHOTS_DIR=<dir> also saves a screenshot of each content screen.
 */

/** A small real PNG (solid colour), built here so the upload is checked as an image by its bytes. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The axe check of the preview injects axe-core, which the console's policy would refuse.
test.use({ bypassCSP: true });

// The machine this runs on is shared: waits are generous.
const SLOW = { timeout: 45_000 };
test.setTimeout(240_000);

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

test('publishes an article with a cover and a picture in its body', async ({ page, consoleErrors }) => {
  await useSession(page, 'demo');
  await page.goto('/content/article');
  await expect(page.getByText('本月薪酬发放安排')).toBeVisible(SLOW);
  await shot(page, 'article');
  await page.getByRole('button', { name: /添加文章/ }).click();
  await expect(page).toHaveURL(/\/content\/addArticle$/);
  await expectScreen(page, '添加文章');

  await page.getByLabel('文章标题').fill('e2e 年终发放通知');
  await page.getByLabel('摘要').fill('附流程图');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: png(64, 36, [23, 101, 216]) });
  await expect(page.getByRole('img', { name: '封面图片' })).toBeVisible(SLOW);

  const editor = page.getByRole('textbox', { name: '正文' });
  await editor.click();
  await page.keyboard.type('各位同事：年终发放流程如下。');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('请按时确认。');
  await page
    .getByRole('toolbar', { name: '正文格式' })
    .locator('input[type="file"]')
    .setInputFiles({ name: '流程图.png', mimeType: 'image/png', buffer: png(80, 40, [35, 120, 4]) });
  await expect(editor.getByRole('img', { name: '流程图' })).toBeVisible(SLOW);
  await page.getByLabel('已发布').check();
  await shot(page, 'addArticle');
  // 预览: the unsaved article as its readers will see it.
  await page.getByRole('button', { name: /预\s*览/ }).click();
  const preview = page.getByRole('dialog', { name: '文章预览（未保存）' });
  await expect(preview.getByRole('heading', { name: 'e2e 年终发放通知' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('请按时确认。');
  await expect(preview.getByRole('img', { name: '流程图' })).toBeVisible(SLOW);
  await shot(page, 'articlePreview');
  // The preview passes axe's WCAG 2.1 A and AA rules (the axe tier checks the screens).
  expect(await violationsIn(page, '.ant-modal-wrap')).toEqual([]);
  await preview.getByRole('button', { name: '关闭预览' }).click();
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: /保\s*存/ }).click();

  await expect(page).toHaveURL(/\/content\/article$/, SLOW);
  const row = page.getByRole('row', { name: /e2e 年终发放通知/ });
  await expect(row.getByText('已发布')).toBeVisible(SLOW);
  await expect(row.getByRole('img', { name: 'e2e 年终发放通知的封面' })).toBeVisible(SLOW);

  // Saved as sanitised HTML with the picture of the file store, and shown again when edited.
  await row.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/content\/updateArticle\?id=\d+$/);
  await expectScreen(page, '编辑文章');
  const saved = page.getByRole('textbox', { name: '正文' });
  await expect(saved.locator('strong')).toHaveText('请按时确认。', SLOW);
  await expect(saved.getByRole('img', { name: '流程图' })).toBeVisible(SLOW);
  await shot(page, 'updateArticle');

  // Published: the latest on 首页, each opening the reader page.
  await page.goto('/dashboard');
  const latest = page.getByTestId('home-article').first();
  await expect(latest).toContainText('e2e 年终发放通知', SLOW);
  await latest.getByRole('link', { name: 'e2e 年终发放通知' }).click();
  await expect(page).toHaveURL(/\/content\/readArticle\?id=\d+$/);
  await expectScreen(page, '阅读文章');
  await expect(page.getByRole('heading', { name: 'e2e 年终发放通知' })).toBeVisible(SLOW);
  const body = page.getByTestId('article-body');
  await expect(body.locator('strong')).toHaveText('请按时确认。');
  await expect(body.getByRole('img', { name: '流程图' })).toBeVisible(SLOW);
  await expect(page.getByRole('img', { name: 'e2e 年终发放通知的封面' })).toBeVisible(SLOW);
  await shot(page, 'readArticle');
  expect(consoleErrors).toEqual([]);
});

test('a home module added in 内容管理 shows on 首页 with the current adverts', async ({ page, consoleErrors }) => {
  await useSession(page, 'demo');
  await page.goto('/content/homeModule');
  await expect(page.getByRole('cell', { name: '旧版入口' })).toBeVisible(SLOW);
  await shot(page, 'homeModule');
  await page.getByRole('button', { name: /添加模块/ }).click();
  await expectScreen(page, '添加模块');
  await page.getByLabel('模块名称').fill('e2e 下载中心');
  // The link is a page of the menu, picked by its name.
  await page.getByRole('combobox', { name: '页面' }).click();
  await page.keyboard.type('下载中心');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-content[title="下载中心"]')).toBeVisible();
  await page.getByLabel('排序').fill('0');
  await shot(page, 'addHomeModule');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/content\/homeModule$/, SLOW);
  await expect(page.getByRole('cell', { name: 'e2e 下载中心' })).toBeVisible(SLOW);
  // The list names the page by its menu name, not its path.
  await expect(page.getByRole('row', { name: /e2e 下载中心/ })).not.toContainText('/exportList');

  await page
    .getByRole('row', { name: /e2e 下载中心/ })
    .getByRole('link', { name: '编辑' })
    .click();
  await expectScreen(page, '编辑模块');
  await expect(page.getByLabel('模块名称')).toHaveValue('e2e 下载中心');
  await shot(page, 'editHomeModule');

  await page.goto('/content/advertising');
  await expect(page.getByRole('img', { name: '本月薪酬发放安排' })).toBeVisible(SLOW);
  await shot(page, 'advertising');
  await page.getByRole('button', { name: /添加广告/ }).click();
  await expect(page.getByText('上传广告图片')).toBeVisible(SLOW);
  await shot(page, 'addAdvertising');
  await page.goto('/content/advertising');
  await page
    .getByRole('row', { name: /电子发票上线/ })
    .getByRole('link', { name: '编辑' })
    .click();
  await expect(page.getByRole('img', { name: '广告图片' })).toBeVisible(SLOW);
  await shot(page, 'updateAdvertising');

  await page.goto('/dashboard');
  const modules = page.getByTestId('home-module');
  await expect(modules.first()).toHaveText('e2e 下载中心', SLOW);
  await expect(page.getByTestId('home-module').filter({ hasText: '旧版入口' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: '本月薪酬发放安排' })).toBeVisible(SLOW);
  await expect(page.getByRole('img', { name: '电子发票上线' })).toBeVisible(SLOW);
  await expect(page.getByText('国庆假期通知（已结束）')).toHaveCount(0);
  await expect(page.getByTestId('home-figure').filter({ hasText: '可开票金额' })).toBeVisible(SLOW);
  await shot(page, 'dashboard');
  await modules.first().click();
  await expect(page).toHaveURL(/\/exportList\/exportIndex$/);
  expect(consoleErrors).toEqual([]);
});
