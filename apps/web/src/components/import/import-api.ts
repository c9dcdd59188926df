import { apiPath, type TImportJob, type TImportPaths, type TImportStatus } from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { downloadBlob } from '../../lib/download-blob.ts';
import { request } from '../../lib/request.ts';
import { uploadFile } from '../../lib/upload-file.ts';

/**
 * One import kind of the server's import centre, as the shared drawer uses it: its API paths (the
 * centre's routes: template, upload, status, commit, report) and its words.
 */
export interface TImportKind {
  /** The kind's paths in the contract, e.g. `API.worker.import`. */
  paths: TImportPaths;
  /** What the rows are: 员工 in 批量导入员工, 员工数据. */
  noun: string;
  /** Names the template and the error report are saved as. */
  templateFileName: string;
  reportFileName: string;
  /** Queries that show the imported rows: refreshed once an import is committed. */
  affects: () => QueryKey[];
  /** Added to the upload's URL, e.g. the payroll batch the rows go into (`{ subjectId: 7 }`). */
  uploadQuery?: Record<string, string | number>;
}

/** The upload's URL: the kind's path with its query, if any. */
export function importUploadUrl(kind: TImportKind): string {
  const entries = Object.entries(kind.uploadQuery ?? {}).map(([key, value]) => [key, String(value)]);
  return entries.length ? `${kind.paths.upload}?${new URLSearchParams(entries).toString()}` : kind.paths.upload;
}

export const IMPORT_POLL_MS = 1000;

/** The server is still working on the file. */
export const isImportRunning = (status: TImportStatus | undefined) =>
  status === 'validating' || status === 'committing';

export function getImportJob(kind: TImportKind, id: string): Promise<TImportJob> {
  return request<TImportJob>('GET', apiPath(kind.paths.one, { id }));
}

/** Polled every second while the job validates or commits. */
export const importJobQueryOptions = (kind: TImportKind, id?: string) =>
  queryOptions({
    queryKey: id === undefined ? ['import', kind.paths.upload] : ['import', kind.paths.upload, id],
    queryFn: () => getImportJob(kind, id ?? ''),
    enabled: id !== undefined,
    // The upload and the commit answer the job: no need to ask again at once.
    staleTime: IMPORT_POLL_MS / 2,
    refetchInterval: (query) => (isImportRunning(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });

export const useImportJob = (kind: TImportKind, id: string | undefined) => useQuery(importJobQueryOptions(kind, id));

/** Uploads the sheet (multipart field `file`); the server starts validating it. */
export function useUploadImport(kind: TImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<TImportJob>(importUploadUrl(kind), file),
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(kind, job.id).queryKey, job),
  });
}

/** Inserts every row of a validated job without errors, or none (all or nothing). */
export function useCommitImport(kind: TImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<TImportJob>('POST', apiPath(kind.paths.commit, { id })),
    onSuccess: (job) => queryClient.setQueryData(importJobQueryOptions(kind, job.id).queryKey, job),
  });
}

/** The xlsx template of the kind. */
export const downloadImportTemplate = (kind: TImportKind) => downloadBlob(kind.paths.template, kind.templateFileName);

/** Every error of an import job, with row numbers and reasons. */
export const downloadImportReport = (kind: TImportKind, id: string) =>
  downloadBlob(apiPath(kind.paths.report, { id }), kind.reportFileName);
