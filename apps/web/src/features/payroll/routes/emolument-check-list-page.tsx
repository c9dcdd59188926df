import { BatchList } from '../components/batch-list.tsx';

/** 薪酬核对 (/EmolumentManagement/emolumentCheckList): the batches being checked (草稿, 核对中, 待确认). */
export function Component() {
  return <BatchList checkOnly />;
}
