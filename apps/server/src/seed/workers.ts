import type { FieldCipher } from '../lib/crypto.ts';
import { luhnCheckDigit } from '../lib/bank-card.ts';
import { idCardCheckChar, maskIdCard, parseIdCard } from '../lib/id-card.ts';
import { insertWorkersWithAccounts, type NewDefaultAccount, type NewWorker } from '../modules/worker/repo.ts';
import { alipayColumns, bankCardColumns } from '../modules/worker/payout-accounts/rules.ts';
import type { DbOrTx } from '../db/client.ts';

/** A small deterministic generator (mulberry32), so demo data is the same on every machine. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof createRng>;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
/**
 * Characters of given names by the gender they usually read as, so that a generated name
 * matches the gender its ID number encodes (GB 11643: the 17th digit, odd for men). The lists
 * share no character.
 */
export const MALE_GIVEN = '伟强磊军洋勇杰涛明超刚建国志东博浩然轩鸣远宇航俊峰斌鹏辉毅';
export const FEMALE_GIVEN = '芳娜秀英敏静丽艳娟兰霞桂玉萍红燕雪欣涵怡琪婷颖倩慧';
/** Region codes of districts in several provinces (GB/T 2260). */
const REGIONS = [
  '110105',
  '110108',
  '310115',
  '310104',
  '440305',
  '440106',
  '330106',
  '320102',
  '510107',
  '420106',
  '370102',
  '410105',
  '430104',
  '350203',
  '610113',
  '500103',
  '210102',
  '130102',
  '340104',
  '360102',
];
const BANK_PREFIX: Record<string, string> = {
  ICBC: '622202',
  CCB: '621700',
  ABC: '622848',
  BOC: '621661',
  CMB: '622588',
  BOCOM: '622260',
};

export interface GeneratedWorker {
  name: string;
  idNumber: string;
  mobile: string;
  joinedAt: string;
  status: 'active' | 'left';
  leftAt: string | null;
  realNameStatus: 'unverified' | 'verifying' | 'verified' | 'failed';
  contractStatus: 'unsigned' | 'signed';
  jobTypeId: number | null;
  departmentId: number | null;
  account: { channel: 'bank'; bankCode: string; cardNumber: string } | { channel: 'alipay'; account: string } | null;
}

/** A worker with a valid ID number, unique by `serial` within one run of the generator. */
export function generateWorker(
  rng: Rng,
  serial: number,
  jobTypeIds: number[],
  departmentIds: number[],
): GeneratedWorker {
  // Region, sequence and birth day are a one-to-one function of the serial: numbers never
  // collide, for a million workers as for two hundred.
  const regionIdx = serial % REGIONS.length;
  const seqN = Math.floor(serial / REGIONS.length) % 1000;
  // The sequence's last digit is the ID's gender digit: odd for a man.
  const given = [...(seqN % 2 === 1 ? MALE_GIVEN : FEMALE_GIVEN)];
  const name = rng.pick([...SURNAMES]) + rng.pick(given) + (rng.next() < 0.5 ? rng.pick(given) : '');
  const dayOffset = Math.floor(serial / (REGIONS.length * 1000));
  // Birth days over forty years (1966–2005), so the demo's workers fall in every age band; the
  // region's and sequence's steps are large and coprime to the span, so even two hundred workers
  // spread over it. Two serials of one region and sequence differ in dayOffset, whose step (293)
  // is coprime to the span too: their days, hence their numbers, differ.
  const day = (dayOffset * 293 + regionIdx * 733 + seqN * 2_927) % 14_600;
  const birth = new Date(Date.UTC(1966, 0, 1) + day * 86_400_000);
  const first17 = `${REGIONS[regionIdx] ?? '110105'}${birth.toISOString().slice(0, 10).replace(/-/g, '')}${String(seqN).padStart(3, '0')}`;
  const idNumber = first17 + idCardCheckChar(first17);
  const joined = new Date(Date.UTC(2019 + rng.int(0, 6), rng.int(0, 11), rng.int(1, 28)));
  const left = rng.next() < 0.1;
  const channelRoll = rng.next();
  const bankCode = rng.pick(Object.keys(BANK_PREFIX));
  let account: GeneratedWorker['account'] = null;
  if (channelRoll < 0.7) {
    const body = `${BANK_PREFIX[bankCode] ?? '622202'}${String(rng.int(0, 999_999_999)).padStart(9, '0')}${String(rng.int(0, 99)).padStart(2, '0')}`;
    account = { channel: 'bank', bankCode, cardNumber: body + luhnCheckDigit(body) };
  } else if (channelRoll < 0.95) {
    account = { channel: 'alipay', account: `13${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}` };
  }
  return {
    name,
    idNumber,
    mobile: `1${rng.pick(['3', '5', '7', '8', '9'])}${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
    joinedAt: joined.toISOString().slice(0, 10),
    status: left ? 'left' : 'active',
    leftAt: left ? '2026-06-30' : null,
    realNameStatus: rng.next() < 0.85 ? 'verified' : rng.next() < 0.5 ? 'unverified' : 'failed',
    contractStatus: rng.next() < 0.75 ? 'signed' : 'unsigned',
    jobTypeId: jobTypeIds.length ? rng.pick(jobTypeIds) : null,
    departmentId: departmentIds.length ? rng.pick(departmentIds) : null,
    account,
  };
}

/**
 * Inserts generated workers and their default payout accounts set-based, through the same
 * repository inserts the batch import uses (one INSERT ... SELECT FROM unnest per table).
 */
export async function insertGeneratedWorkers(
  db: DbOrTx,
  cipher: FieldCipher,
  companyId: number,
  workers: GeneratedWorker[],
) {
  if (!workers.length) return;
  const rows = workers.map((w) => ({
    worker: storedWorker(cipher, companyId, w),
    account: storedAccount(cipher, w.account),
  }));
  await insertWorkersWithAccounts(db, companyId, rows);
}

function storedWorker(cipher: FieldCipher, companyId: number, w: GeneratedWorker): NewWorker {
  const parsed = parseIdCard(w.idNumber);
  if (!parsed.ok) throw new Error(`generated an invalid ID number ${w.idNumber}`);
  return {
    companyId,
    name: w.name,
    idNumberEnc: cipher.encrypt(w.idNumber),
    idNumberHash: cipher.hash(w.idNumber),
    idNumberMasked: maskIdCard(w.idNumber),
    mobile: w.mobile,
    gender: parsed.info.gender,
    birthDate: parsed.info.birthDate,
    province: parsed.info.province,
    regionCode: parsed.info.regionCode,
    jobTypeId: w.jobTypeId,
    departmentId: w.departmentId,
    status: w.status,
    realNameStatus: w.realNameStatus,
    contractStatus: w.contractStatus,
    joinedAt: w.joinedAt,
    leftAt: w.leftAt,
  };
}

function storedAccount(cipher: FieldCipher, account: GeneratedWorker['account']): NewDefaultAccount | undefined {
  if (!account) return undefined;
  if (account.channel === 'alipay') return { channel: 'alipay', values: alipayColumns(cipher, account.account) };
  const card = bankCardColumns(cipher, { bankCode: account.bankCode, cardNumber: account.cardNumber, branch: '' });
  if (!card.ok) throw new Error(`generated an invalid bank card: ${card.problem.message}`);
  return { channel: 'bank', values: card.values };
}
