// antd components by module, never through the barrels: this page starts alone (app/verify-app.tsx),
// like the sign-in page, and its download is budgeted (e2e/tests/budget.spec.ts).
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import {
  formatReceiptCode,
  normalizeReceiptCode,
  PAYOUT_CHANNEL_LABELS,
  SCREEN_PATHS,
  type TReceiptVerification,
} from '@flexpay/contract/web';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { fileSha256 } from '../../../lib/file-sha256.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';
import { isApiError } from '../../../lib/request.ts';
import { verifyReceipt } from '../api/verify-receipt.ts';
import './verify-page.css';

/**
 * The code a link to the page carries: `/verify?code=…` (the receipt's QR code) or `/verify/:code`.
 * Read from the address itself: the page also starts without the router.
 */
export function codeOfLocation(location: Pick<Location, 'pathname' | 'search'>): string {
  const fromQuery = new URLSearchParams(location.search).get('code');
  if (fromQuery) return fromQuery;
  const prefix = `${SCREEN_PATHS.verify}/`;
  if (!location.pathname.startsWith(prefix)) return '';
  try {
    return decodeURIComponent(location.pathname.slice(prefix.length));
  } catch {
    return '';
  }
}

type TCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'refused'; message: string }
  | { kind: 'found'; code: string; receipt: TReceiptVerification };

type TCompare =
  | { kind: 'none' }
  | { kind: 'hashing'; name: string }
  | { kind: 'unsupported'; name: string }
  | { kind: 'done'; name: string; sha256: string };

const CHECK_FAILED = '核验失败，请稍后再试';

/**
 * 回单验真 (`/verify`, no sign-in): a receipt's verification code, typed or from its QR code's
 * link, shows what the receipt proves (masked) and the SHA-256 of its PDF as issued; a PDF
 * chosen here is hashed in the browser and compared with it. The file is never sent.
 */
export function VerifyPage({ initialCode = '' }: { initialCode?: string }) {
  usePageTitle(publicRouteTitle('verify'));
  const [typed, setTyped] = useState(initialCode);
  const [check, setCheck] = useState<TCheck>({ kind: 'idle' });
  const [compare, setCompare] = useState<TCompare>({ kind: 'none' });
  const fileInput = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const hintId = useId();

  const run = useCallback(async (text: string) => {
    setCompare({ kind: 'none' });
    if (!text.trim()) {
      setCheck({ kind: 'refused', message: '请输入回单验证码' });
      return;
    }
    setCheck({ kind: 'checking' });
    try {
      const receipt = await verifyReceipt(text);
      const code = normalizeReceiptCode(text) ?? text;
      // The code as the receipt prints it, in groups of four.
      setTyped(formatReceiptCode(code));
      setCheck({ kind: 'found', code, receipt });
    } catch (error) {
      setCheck({ kind: 'refused', message: isApiError(error) && error.message ? error.message : CHECK_FAILED });
    }
  }, []);

  // A link from a receipt's QR code checks at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initialCode) return;
    started.current = true;
    void run(initialCode);
  }, [initialCode, run]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(typed);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setCompare({ kind: 'hashing', name: file.name });
    const sha256 = await fileSha256(file);
    setCompare(sha256 ? { kind: 'done', name: file.name, sha256 } : { kind: 'unsupported', name: file.name });
  };

  return (
    <main className="verify-page" id="main-content">
      <div className="verify-panel">
        <h1>回单验真</h1>
        <p className="verify-lead">
          输入电子回单上印的验证码（或扫描回单上的二维码），核验回单的真伪和内容；还可以选择回单
          PDF，在本机计算文件指纹与签发时的指纹比对，文件不会上传。
        </p>
        <form className="verify-form" onSubmit={onSubmit} noValidate>
          <label htmlFor={codeId}>回单验证码</label>
          <div className="verify-form-row">
            <TrimmedInput
              id={codeId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="例如 ABCD-EFGH-JKMN-PQRS-TVWX"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              aria-describedby={hintId}
              size="large"
            />
            <Button type="primary" htmlType="submit" size="large" loading={check.kind === 'checking'}>
              核验
            </Button>
          </div>
          <p id={hintId} className="verify-hint">
            20 位字母和数字，不区分大小写，可带或不带短横线。
          </p>
        </form>

        <div aria-live="polite">
          {check.kind === 'refused' && <Alert type="error" showIcon title={check.message} />}
          {check.kind === 'found' && (
            <section aria-labelledby={`${codeId}-result`}>
              <Alert
                type="success"
                showIcon
                title={<span id={`${codeId}-result`}>验证通过：这是平台签发的电子回单</span>}
                description={`验证码 ${formatReceiptCode(check.code)} 对应的回单内容如下（收款方信息已脱敏）。`}
              />
              <ReceiptFacts receipt={check.receipt} />
              <h2 className="verify-subtitle">比对回单文件</h2>
              <p className="verify-hint">
                选择您收到的回单 PDF：在本机计算它的 SHA-256，与签发时登记的指纹比对。任何改动都会使指纹不同。
              </p>
              <input
                ref={fileInput}
                type="file"
                accept="application/pdf,.pdf"
                className="verify-file-input"
                aria-label="选择回单 PDF 文件"
                tabIndex={-1}
                onChange={(e) => {
                  void onFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button onClick={() => fileInput.current?.click()} loading={compare.kind === 'hashing'}>
                选择回单 PDF
              </Button>
              <CompareResult compare={compare} expected={check.receipt.sha256} />
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

function ReceiptFacts({ receipt }: { receipt: TReceiptVerification }) {
  return (
    <Descriptions
      className="verify-facts"
      bordered
      column={1}
      size="small"
      items={[
        { key: 'no', label: '回单编号', children: receipt.receiptNo },
        { key: 'payer', label: '付款方', children: receipt.payerName },
        { key: 'client', label: '委托方', children: receipt.clientName },
        { key: 'payee', label: '收款方', children: receipt.payeeNameMasked },
        {
          key: 'account',
          label: '收款账户',
          children: `${PAYOUT_CHANNEL_LABELS[receipt.channel]} ${receipt.accountMasked}`,
        },
        { key: 'amount', label: '金额', children: formatMoney(receipt.amountFen) },
        { key: 'paidAt', label: '交易时间', children: formatDateTime(receipt.paidAt) },
        { key: 'status', label: '状态', children: receipt.status === 'paid' ? '已支付' : receipt.status },
        { key: 'issuedAt', label: '签发时间', children: formatDateTime(receipt.issuedAt) },
        {
          key: 'sha256',
          label: '文件指纹（SHA-256）',
          children: <code className="verify-hash">{receipt.sha256}</code>,
        },
      ]}
    />
  );
}

function CompareResult({ compare, expected }: { compare: TCompare; expected: string }) {
  if (compare.kind === 'none' || compare.kind === 'hashing') return null;
  if (compare.kind === 'unsupported') {
    return (
      <Alert
        className="verify-compare"
        type="warning"
        showIcon
        title="当前浏览器无法在本机计算文件指纹"
        description="请通过 HTTPS 地址打开本页，或使用最新版浏览器后重试。"
      />
    );
  }
  const same = compare.sha256 === expected;
  return (
    <Alert
      className="verify-compare"
      type={same ? 'success' : 'error'}
      showIcon
      title={
        same
          ? `文件一致：${compare.name} 就是签发的这张回单原件`
          : `文件不一致：${compare.name} 不是签发的这张回单，可能被修改过或不是同一张回单`
      }
      description={
        <>
          所选文件的 SHA-256：<code className="verify-hash">{compare.sha256}</code>
        </>
      }
    />
  );
}
