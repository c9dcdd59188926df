import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

import { DEMO_PASSWORD, OPS_PASSWORD } from './demo-accounts.ts';

export { DEMO_PASSWORD, OPS_PASSWORD };

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // The shell's first load (its chunks, the session's info and menus) can take more than the
  // default 10 s on a loaded two-core machine; failing there says nothing about the test.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

let sessionTokens: Record<string, string> | undefined;

/**
 * Opens the console as a demo admin (`demo`, `finance`, `hr`, `demo_yf`) with the session made
 * for it once per run (global-setup.ts): the admin's token cookie, as the sign-in form leaves
 * it, without the form. The next `page.goto` shows the console signed in. Tests about signing
 * in, and tests that end or replace the session (退出登录, 切换企业, a password change), sign
 * in through the form with `signIn` instead, so the shared session lives on.
 */
export async function useSession(page: Page, username: string) {
  const { readFileSync } = await import('node:fs');
  const file = process.env.E2E_SESSIONS;
  const baseUrl = process.env.E2E_BASE_URL;
  if (!file || !baseUrl) throw new Error('E2E_SESSIONS is not set: run through playwright test with global-setup');
  sessionTokens ??= JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const token = sessionTokens[username];
  if (!token) throw new Error(`no e2e session for ${username}: add it to SESSION_ADMINS in global-setup.ts`);
  await page
    .context()
    .addCookies([{ name: 'Admin-Token', value: encodeURIComponent(token), url: baseUrl, sameSite: 'Lax' }]);
}

/**
 * Shows `path` in the app the page has loaded (the console, or the /ops console), as a link
 * inside it does: the router moves to it without loading the page again, so the app stays
 * booted and only the new screen renders (a page load costs a second or two of CPU). A page that
 * has not loaded the app yet, or shows the other one, loads `path`.
 */
export async function openScreen(page: Page, path: string) {
  const target = new URL(path, page.url() === 'about:blank' ? 'http://x' : page.url());
  const here = page.url() === 'about:blank' ? undefined : new URL(page.url());
  const sameApp =
    here !== undefined &&
    here.origin === target.origin &&
    here.pathname.startsWith('/ops') === target.pathname.startsWith('/ops') &&
    !/^\/(ops\/)?login/.test(here.pathname) &&
    (await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0));
  if (!sameApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    // The router's own history entry shape (react-router's createBrowserHistory): a POP to it.
    const state = window.history.state as { idx?: number } | null;
    const entry = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 };
    window.history.pushState(entry, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
  }, path);
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}

/**
 * Waits until the console shows the screen titled `title` (its heading in the main region). A
 * link's move keeps the old screen on show until the new one has loaded, and a list's filter
 * can share a label with the form that replaces it (模块名称): fill only once this has passed.
 */
export async function expectScreen(page: Page, title: string) {
  await expect(page.locator('#main-content > h1')).toHaveText(title, { timeout: 45_000 });
}

/** The sidebar's top-level labels. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  return page.locator('.app-sider .ant-menu-root > li').allInnerTexts();
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
}

/**
 * Clicks a Popconfirm's OK button until what it does shows: a click that lands while the popover
 * is still opening (under load) can be lost. Safe for money: the dialog reuses its
 * Idempotency-Key, so a second confirmation replays the first.
 */
export async function confirmInPopover(popover: Locator, button: RegExp, done: Locator) {
  await expect(async () => {
    if (await popover.isVisible()) await popover.getByRole('button', { name: button }).click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The code of the latest SMS the server sent (the default sender logs it; global-setup keeps the output). */
export async function lastSmsCode(after: number): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set');
  let code: string | undefined;
  await expect(async () => {
    // `after` counts bytes (serverLogSize): cut the bytes, then decode. Cutting the decoded text
    // at a byte count skipped past the new lines once the log held enough Chinese.
    const text = readFileSync(file).subarray(after).toString('utf8');
    const all = [...text.matchAll(/验证码为 (\d{6})/g)];
    code = all.at(-1)?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code ?? '';
}

/** How much the server has printed so far (to read only what comes after). */
export async function serverLogSize(): Promise<number> {
  const { statSync } = await import('node:fs');
  const file = process.env.E2E_SERVER_LOG;
  return file ? (statSync(file, { throwIfNoEntry: false })?.size ?? 0) : 0;
}

/** Signs in to the operator console (/ops) and waits for its queue. */
export async function signInOps(page: Page, username = 'ops', password = OPS_PASSWORD) {
  await page.goto('/ops/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/ops\/topups$/);
}

/** Waits until the page's first table shows a row. */
export async function waitForTableRows(page: Page) {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
}

/**
 * What is wrong with how the page's visible tables fit their boxes, one line per problem (none:
 * they fit): a table wider than its box (it scrolls sideways), a header or body cell under the
 * fixed 操作 column, a cell whose content is cut without an ellipsis, and an amount, date or
 * number cut at all (an ellipsis is for long free text only).
 */
export async function tableFitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const isFigure = (text: string) => /¥|^-?[\d,.\s%:/-]+$|\d{4}-\d{2}-\d{2}/.test(text.trim());
    const wrappers = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper')).filter(
      (w) => w.offsetParent !== null && !w.closest('.ant-modal, .ant-drawer'),
    );
    wrappers.forEach((wrapper, index) => {
      const name = `table ${index + 1}`;
      const box = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (box && box.scrollWidth > box.clientWidth + 1) {
        problems.push(`${name} overflows its box by ${box.scrollWidth - box.clientWidth} px`);
      }
      const fixedCell = wrapper.querySelector<HTMLElement>(
        'thead th.ant-table-cell-fix-end, thead th.ant-table-cell-fix-right',
      );
      const fixedLeft = fixedCell?.getBoundingClientRect().left;
      const boxRight = (box ?? wrapper).getBoundingClientRect().right;
      const cells = [
        ...Array.from(wrapper.querySelectorAll<HTMLElement>('thead th.ant-table-cell')),
        ...Array.from(wrapper.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row td.ant-table-cell')),
      ];
      for (const cell of cells) {
        const text = (cell.innerText || '').replace(/\s+/g, ' ').trim();
        const isFixed = cell.matches(
          '.ant-table-cell-fix-end, .ant-table-cell-fix-right, .ant-table-cell-fix-start, .ant-table-cell-fix-left',
        );
        const rect = cell.getBoundingClientRect();
        if (!isFixed && fixedLeft !== undefined && rect.right > fixedLeft + 1 && rect.width > 0) {
          problems.push(`${name}: “${text || cell.tagName}” is under the fixed 操作 column`);
        }
        if (rect.right > boxRight + 1 && rect.width > 0) problems.push(`${name}: “${text}” is outside the table's box`);
        if (cell.tagName !== 'TD' || cell.classList.contains('ant-table-selection-column')) continue;
        // The cell itself, or the element that carries antd's ellipsis.
        const targets = [
          cell,
          ...Array.from(cell.querySelectorAll<HTMLElement>('.ant-table-cell-content, .ant-typography-ellipsis')),
        ];
        const isCut = targets.some((t) => t.scrollWidth > t.clientWidth + 1);
        if (!isCut) continue;
        const hasEllipsis =
          cell.classList.contains('ant-table-cell-ellipsis') || cell.querySelector('.ant-typography-ellipsis') !== null;
        if (!hasEllipsis) problems.push(`${name}: “${text}” is cut without an ellipsis`);
        else if (isFigure(text)) problems.push(`${name}: the figure “${text}” is cut`);
      }
    });
    return [...new Set(problems)];
  });
}

/** A token of the demo admin for API calls of a test (a session of its own, signed in through the API). */
async function demoApiToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/jwt/ecomapnyToken', {
    data: { username: 'demo', password: DEMO_PASSWORD },
  });
  return ((await login.json()) as { data: string }).data;
}

/**
 * A receipt of the demo's paid batch, issued (drawing its PDF issues it, ADR 0029): its PDF and
 * its verification code as 文件预览 shows it printed. Opens 文件预览 in `page` as the demo admin.
 */
export async function issuedReceipt(page: Page): Promise<{ code: string; pdf: Buffer }> {
  const headers = { authorization: await demoApiToken(page.request) };
  const list = await page.request.get('/api/emolument/receiptController/pageByCompany?limit=1', { headers });
  const [receipt] = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows;
  if (!receipt) throw new Error('the demo data has no receipt');
  const url = `/api/emolument/receiptController/${receipt.id}/pdf`;
  const pdf = await (await page.request.get(url, { headers })).body();
  await useSession(page, 'demo');
  await page.goto(`/pdfPreview?url=${encodeURIComponent(url)}`);
  const text = page.locator('.react-pdf__Page__textContent');
  await expect(text).toContainText('回单验证码', { timeout: 20_000 });
  const code = /回单验证码：\s*([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec((await text.textContent()) ?? '')?.[1];
  if (!code) throw new Error('no verification code on the receipt');
  return { code, pdf };
}

/**
 * Three 在职 demo workers with a bank card, with their full ID numbers (read as the owner), from
 * one page of the worker list: tests that pay take workers of different pages, so that no
 * worker reaches the monthly limit.
 */
export async function payableWorkers(request: APIRequestContext, listPage = 2) {
  const headers = { authorization: await demoApiToken(request) };
  const page = await request.get(`/api/companystaff/employee/page?status=active&limit=100&page=${listPage}`, {
    headers,
  });
  const rows = ((await page.json()) as { data: { rows: { id: number }[] } }).data.rows;
  const found: { name: string; idNumber: string }[] = [];
  for (const row of rows) {
    const detail = (
      (await (await request.get(`/api/companystaff/employee/${row.id}`, { headers })).json()) as {
        data: { name: string; idNumber: string; bankCards: unknown[] };
      }
    ).data;
    if (detail.bankCards.length) found.push({ name: detail.name, idNumber: detail.idNumber });
    if (found.length === 3) return found;
  }
  throw new Error('not enough demo workers with a bank card');
}

/**
 * Demo workers in the states the seed leaves them in (issue 43, seed/agreements.ts and
 * real-names.ts): one 认证中 (its automatic retries stopped), one with an agreement 签约中 and one
 * with an agreement 签约失败, read through the API as the demo admin.
 */
export async function demoWorkersInStates(request: APIRequestContext) {
  const headers = { authorization: await demoApiToken(request) };
  const get = async <T>(url: string) => ((await (await request.get(url, { headers })).json()) as { data: T }).data;
  type Page = { rows: { id: number }[] };
  const [verifying] = (await get<Page>('/api/companystaff/employee/page?realNameStatus=verifying&limit=1')).rows;
  const found: Partial<Record<'signing' | 'failed', number>> = {};
  // The seed's agreements are of the first verified workers; the list shows the newest first.
  for (let n = 1; n <= 5 && (found.signing === undefined || found.failed === undefined); n++) {
    const { rows } = await get<Page>(`/api/companystaff/employee/page?realNameStatus=verified&limit=100&page=${n}`);
    for (const { id } of rows.reverse()) {
      for (const a of await get<{ status: string }[]>(`/api/companystaff/employee/${id}/agreement`))
        if ((a.status === 'signing' || a.status === 'failed') && found[a.status] === undefined) found[a.status] = id;
      if (found.signing !== undefined && found.failed !== undefined) break;
    }
  }
  if (!verifying || found.signing === undefined || found.failed === undefined)
    throw new Error('the demo data lacks a worker 认证中, 签约中 or 签约失败');
  return { verifying: verifying.id, signing: found.signing, signFailed: found.failed };
}

/** A small valid PDF with `pages` pages, built by hand (objects, cross-reference table, trailer). */
export function makePdf(pages: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  const font = 3 + pages * 2;
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 24 Tf 72 720 Td (Receipt page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A valid resident ID number (GB 11643) for a birth date and sequence. */
export function idNumber(birth: string, seq: number): string {
  const first17 = `330106${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * (weights[i] ?? 0), 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** A Luhn-valid card number. */
export function cardNumber(prefix: string): string {
  for (let d = 0; d <= 9; d++) {
    const digits = prefix + d;
    let sum = 0;
    [...digits].reverse().forEach((c, i) => {
      let n = Number(c);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    });
    if (sum % 10 === 0) return digits;
  }
  return prefix + '0';
}
