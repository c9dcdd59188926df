/** Paths of the worker screens (the route catalogue in the contract is the source). */
export const WORKER_LIST_PATH = '/EmployeeManagement/listEmployee';
export const ADD_WORKER_PATH = '/EmployeeManagement/addEmployee';
export const WORKER_DETAIL_PATH = '/EmployeeManagement/detailEmployee';
export const workerDetailPath = (id: number) => `${WORKER_DETAIL_PATH}?id=${id}`;
export const JOB_LIST_PATH = '/EmployeeManagement/jobList';
/** 下载中心, where an export's file appears. */
