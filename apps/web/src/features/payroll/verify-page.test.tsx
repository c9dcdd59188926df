import { createHash } from 'node:crypto';
import {
  RECEIPT_CODE_NOT_FOUND,
  RECEIPT_VERIFY_API,
  SCREEN_PATHS,
  type TReceiptVerification,
} from '@flexpay/contract/web';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonName, fail, mockApi, ok } from '../../components/test-utils.tsx';
import { codeOfLocation, VerifyPage } from './routes/verify-page.tsx';
import { receiptVerification } from './test-data.ts';

const PDF = new TextEncoder().encode('%PDF-1.7 电子回单 HD2026112400000041');
const PDF_SHA256 = createHash('sha256').update(PDF).digest('hex');

const verification = (over: Partial<TReceiptVerification> = {}) => receiptVerification({ sha256: PDF_SHA256, ...over });

const CODE = 'ABCD0123EFGH4567JKMN';

describe('回单验真 (/verify)', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('checks a typed code and shows what the receipt proves, masked, with its SHA-256', async () => {
    const api = mockApi({ [`POST ${RECEIPT_VERIFY_API}`]: () => ok(verification()) });
    restore = api.restore;
    render(<VerifyPage />);
    expect(screen.getByRole('heading', { level: 1, name: '回单验真' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('回单验证码'), 'abcd-0123-efgh-4567-jkmn');
    await userEvent.click(screen.getByRole('button', { name: buttonName('核验') }));
    expect(await screen.findByText('验证通过：这是平台签发的电子回单')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'abcd-0123-efgh-4567-jkmn' });
    expect(screen.getByText(/验证码 ABCD-0123-EFGH-4567-JKMN 对应的回单/)).toBeInTheDocument();
    expect(screen.getByLabelText('回单验证码')).toHaveValue('ABCD-0123-EFGH-4567-JKMN');
    expect(screen.getByText('HD2026112400000041')).toBeInTheDocument();
    expect(screen.getByText('海南灵工服务有限公司')).toBeInTheDocument();
    expect(screen.getByText('张*')).toBeInTheDocument();
    expect(screen.getByText('银行卡 6222 **** **** 0017')).toBeInTheDocument();
    expect(screen.getByText('¥3,000.00')).toBeInTheDocument();
    expect(screen.getByText('2026-11-24 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('已支付')).toBeInTheDocument();
    expect(screen.getByText(PDF_SHA256)).toBeInTheDocument();
  });

  it('hashes a chosen PDF in the browser and says whether it is the receipt as issued', async () => {
    restore = mockApi({ [`POST ${RECEIPT_VERIFY_API}`]: () => ok(verification()) }).restore;
    render(<VerifyPage initialCode={CODE} />);
    // A link from the QR code checks at once.
    expect(await screen.findByText('验证通过：这是平台签发的电子回单')).toBeInTheDocument();
    const input = screen.getByLabelText('选择回单 PDF 文件');
    await userEvent.upload(input, new File([PDF], '回单.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('文件一致：回单.pdf 就是签发的这张回单原件')).toBeInTheDocument();

    const changed = PDF.slice();
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    await userEvent.upload(input, new File([changed], '改过的回单.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('文件不一致：改过的回单.pdf 不是签发的这张回单，可能被修改过或不是同一张回单'),
    ).toBeInTheDocument();
    expect(screen.getByText(createHash('sha256').update(changed).digest('hex'))).toBeInTheDocument();
  });

  it("shows the server's refusal of a code (wrong, or too many checks) on the page, without a toast", async () => {
    let answer = fail(404, 40400, RECEIPT_CODE_NOT_FOUND);
    restore = mockApi({ [`POST ${RECEIPT_VERIFY_API}`]: () => answer }).restore;
    render(<VerifyPage />);
    const field = screen.getByLabelText('回单验证码');
    await userEvent.type(field, 'WRONG-CODE');
    await userEvent.click(screen.getByRole('button', { name: buttonName('核验') }));
    expect(await screen.findByText(RECEIPT_CODE_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByText('选择回单 PDF')).not.toBeInTheDocument();

    answer = fail(429, 42900, '验真次数过多，请 10 分钟后再试');
    await userEvent.click(screen.getByRole('button', { name: buttonName('核验') }));
    expect(await screen.findByText('验真次数过多，请 10 分钟后再试')).toBeInTheDocument();
  });

  it('asks for a code before checking an empty field', async () => {
    const api = mockApi({});
    restore = api.restore;
    render(<VerifyPage />);
    await userEvent.click(screen.getByRole('button', { name: buttonName('核验') }));
    expect(await screen.findByText('请输入回单验证码')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toEqual([]));
  });

  it("reads the code from the QR code's link or the path", () => {
    expect(codeOfLocation({ pathname: SCREEN_PATHS.verify, search: `?code=${CODE}` })).toBe(CODE);
    expect(codeOfLocation({ pathname: `${SCREEN_PATHS.verify}/${CODE}`, search: '' })).toBe(CODE);
    expect(codeOfLocation({ pathname: SCREEN_PATHS.verify, search: '' })).toBe('');
    expect(codeOfLocation({ pathname: `${SCREEN_PATHS.verify}/%E0%A4%A`, search: '' })).toBe('');
  });
});
