import useSWR from 'swr';
import { listExamples, listExamplesKey } from '@/lib/api/examples';

/** The examples, fetched only while `enabled` (the import dialog is open). */
export function useExamples(enabled = true) {
  return useSWR(enabled ? listExamplesKey() : null, listExamples);
}
