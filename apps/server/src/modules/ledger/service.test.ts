import { describe, expect, it } from 'vitest';
import { checkPostings, type Posting } from './service.ts';

const avail = { kind: 'available', companyId: 1, serviceCompanyId: 1 } as const;
const frozen = { kind: 'frozen', companyId: 1, serviceCompanyId: 1 } as const;
const clearing = { kind: 'bank_clearing', serviceCompanyId: 1 } as const;
const fee = { kind: 'fee_income', serviceCompanyId: 1 } as const;

describe('posting rules', () => {
  it('accepts balanced postings over distinct accounts', () => {
    expect(() =>
      checkPostings([
        { account: clearing, amountFen: -100 },
        { account: avail, amountFen: 100 },
      ]),
    ).not.toThrow();
    // A payout with its fee: three postings summing to zero.
    expect(() =>
      checkPostings([
        { account: frozen, amountFen: -10_650 },
        { account: { kind: 'payouts_in_transit', serviceCompanyId: 1 }, amountFen: 10_000 },
        { account: fee, amountFen: 650 },
      ]),
    ).not.toThrow();
  });

  it('refuses an unbalanced transfer, a lone posting, a zero, a fraction and the same account twice', () => {
    const cases: Posting[][] = [
      [
        { account: clearing, amountFen: -100 },
        { account: avail, amountFen: 99 },
      ],
      [{ account: avail, amountFen: 0 }],
      [
        { account: clearing, amountFen: 0 },
        { account: avail, amountFen: 0 },
      ],
      [
        { account: clearing, amountFen: -0.5 },
        { account: avail, amountFen: 0.5 },
      ],
      [
        { account: avail, amountFen: -5 },
        { account: avail, amountFen: 5 },
      ],
      [
        { account: clearing, amountFen: Number.MAX_SAFE_INTEGER + 1 },
        { account: avail, amountFen: -(Number.MAX_SAFE_INTEGER + 1) },
      ],
    ];
    for (const postings of cases) expect(() => checkPostings(postings), JSON.stringify(postings)).toThrow();
  });
});
