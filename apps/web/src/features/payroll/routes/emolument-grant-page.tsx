import { BatchList } from '../components/batch-list.tsx';

/** 薪酬发放 (/EmolumentManagement/emolumentGrant): every batch, by status. */
export function Component() {
  return <BatchList />;
}
