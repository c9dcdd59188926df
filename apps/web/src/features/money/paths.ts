/** Paths of the money screens (the route catalogue in the contract is the source). */
export const MONEY_LIST_PATH = '/moneyManagement/listMoney';
export const ADD_MONEY_PATH = '/moneyManagement/addMoney';
export const ACCOUNT_LIST_PATH = '/moneyManagement/accountManagement';
export const ADD_ACCOUNT_PATH = '/moneyManagement/addAccount';
export const MONEY_DETAIL_PATH = '/moneyManagement/moneyDetail';
/** 下载中心, where an export's file appears. */

/** The tabs of 资金账户 below the balances, by their key in the URL (`?tab=`). */
export const MONEY_TABS = ['recent', 'topups', 'log'] as const;
export type TMoneyTab = (typeof MONEY_TABS)[number];
export const moneyListPath = (tab: TMoneyTab) => (tab === 'recent' ? MONEY_LIST_PATH : `${MONEY_LIST_PATH}?tab=${tab}`);
export const editAccountPath = (id: number) => `${ADD_ACCOUNT_PATH}?id=${id}`;
