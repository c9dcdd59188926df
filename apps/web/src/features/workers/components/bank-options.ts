import { DICTIONARIES } from '@flexpay/contract/web';

/** 开户银行 choices: the contract's `bank` dictionary. */
export const BANK_OPTIONS = DICTIONARIES.bank.map((bank) => ({ value: bank.value, label: bank.label }));

/** Spaces typed for readability are dropped (ZBankCardBody strips them too). */
export const normalizeCardNumber = (value: string | undefined) => value?.replace(/\s+/g, '');
