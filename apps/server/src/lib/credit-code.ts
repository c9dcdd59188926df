/**
 * Unified social credit code (统一社会信用代码), GB 32100-2015: the contract holds the check (the
 * web checks a tax number as it is typed, the server again), re-exported here for the server.
 */
export { creditCodeCheckChar, isValidCreditCode } from '@flexpay/contract';
